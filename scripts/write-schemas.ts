// Writes schema/*.json from the protocol's zod schemas, and schema/index.json listing them.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { protocolJsonSchemas } from '../src/protocol/json-schemas.js';

const out = new URL('../schema/', import.meta.url);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const schemas = protocolJsonSchemas();
for (const [name, schema] of Object.entries(schemas)) {
  writeFileSync(new URL(`${name}.json`, out), `${JSON.stringify(schema, null, 2)}\n`);
}
writeFileSync(
  new URL('index.json', out),
  `${JSON.stringify({ protocol_version: 1, schemas: Object.keys(schemas).map((name) => `${name}.json`) }, null, 2)}\n`,
);
console.log(`schema/: ${Object.keys(schemas).length} JSON Schema files`);
