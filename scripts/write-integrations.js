// Editor and framework integrations generated from custom-elements.json (after the analyzer), with
// the custom-elements-manifest tool family: VS Code custom data (HTML and CSS), JetBrains
// web-types, JSX IntrinsicElements types for React 19 and Vue GlobalComponents types. They ship in
// dist/. Two fixes after generation keep them type-correct: one import of the event detail types
// they name (the generators import some twice and others not at all), and only React's JSX
// modules augmented (the generator also augments preact, qwik, stencil, hono, react-native,
// solid-js and the global JSX namespace, which a React 19 app does not have or read: TypeScript
// refuses augmenting a missing module).
import { readFileSync, writeFileSync } from 'node:fs';
import { generateJsxTypes } from '@wc-toolkit/jsx-types';
import { generateJetBrainsWebTypes } from 'custom-element-jet-brains-integration';
import { generateVsCodeCustomElementData } from 'custom-element-vs-code-integration';
import { generateVuejsTypes } from 'custom-element-vuejs-integration';

const root = new URL('..', import.meta.url).pathname;
const manifest = () => JSON.parse(readFileSync(`${root}custom-elements.json`, 'utf8'));
const quiet = { hideLogs: true };

/** The names the package's browser entry exports for the generated types to import. */
const TYPE_NAMES = ['ApprovalDialog', 'QuestionnaireForm', 'ArtifactList', 'InteractionHost', 'InteractionResponseEvent', 'InteractionRequestEvent', 'ToolResultEvent', 'ConnectionChangeEvent', 'InteractionWaitingEvent'];

function fixImports(file) {
  let text = readFileSync(file, 'utf8');
  text = text.replace(/import type \{[^}]*\} from "agent-interaction-kit";\n/, () => {
    const used = TYPE_NAMES.filter((name) => new RegExp(`\\b${name}\\b`).test(text.replace(/import type \{[^}]*\} from "agent-interaction-kit";/, '')));
    // The inbox has its own entry: the browser entry does not export it.
    const inbox = /\bInteractionInbox\b/.test(text) ? `import type { InteractionInbox } from "agent-interaction-kit/interaction-inbox.js";\n` : '';
    return `import type { ${used.join(', ')} } from "agent-interaction-kit";\n${inbox}`;
  });
  return text;
}

function onlyReactModules(text) {
  return text
    .replace(/^declare module "([^"]+)" \{\n[\s\S]*?\n\}\n\n?/gm, (block, name) => (name === 'react' || name.startsWith('react/') ? block : ''))
    .replace(/^declare global \{\n[\s\S]*?\n\}\n?/gm, ''); // React 19 reads no global JSX namespace
}

export function writeIntegrations() {
  generateVsCodeCustomElementData(manifest(), { outdir: `${root}dist`, htmlFileName: 'vscode.html-custom-data.json', cssFileName: 'vscode.css-custom-data.json', ...quiet });
  generateJetBrainsWebTypes(manifest(), { outdir: `${root}dist`, webTypesFileName: 'web-types.json', packageJson: false, ...quiet });
  generateJsxTypes(manifest(), { outdir: `${root}dist/types`, fileName: 'jsx.d.ts', globalTypePath: 'agent-interaction-kit', stronglyTypedEvents: true, hideLogs: true });
  generateVuejsTypes(manifest(), { outdir: `${root}dist/types`, fileName: 'vue.d.ts', globalTypePath: 'agent-interaction-kit', ...quiet });
  writeFileSync(`${root}dist/types/jsx.d.ts`, onlyReactModules(fixImports(`${root}dist/types/jsx.d.ts`)));
  // Every attribute is a property's (the Vue generator types an attribute by its property).
  const attributeOnly = manifest().modules.flatMap((m) => m.declarations).flatMap((d) => d.attributes.filter((a) => !a.fieldName).map((a) => a.name));
  if (attributeOnly.length > 0) throw new Error(`attributes without a property: ${attributeOnly.join(', ')}`);
  writeFileSync(`${root}dist/types/vue.d.ts`, fixImports(`${root}dist/types/vue.d.ts`));
}

writeIntegrations();
