// The kit's cards as an A2UI v0.9 catalog: its JSON Schema (what an agent's `updateComponents`
// messages are validated against, the components taking the kit's tools' arguments) and the
// `Catalog` an `@a2ui/lit` MessageProcessor renders with, each component drawn by an element of
// kit-components.ts. The catalog id is stable: an agent names it in `createSurface`.
import { Catalog, type ComponentApi } from '@a2ui/web_core/v0_9';

/** The catalog's id, as an agent's `createSurface.catalogId` names it. */
export const KIT_CATALOG_ID = 'urn:agent-interaction-kit:a2ui:catalog:v1';

const COMMON = 'https://a2ui.org/specification/v0_9/common_types.json#/$defs/ComponentCommon';
const text = { type: 'string' };
const timeout = { type: 'number', minimum: 0 };

/** One component: the common fields, its name, and the tool's arguments it takes. */
function component(name: string, properties: Record<string, unknown>, required: string[]) {
  return {
    type: 'object',
    allOf: [
      { $ref: COMMON },
      { type: 'object', properties: { component: { const: name }, ...properties }, required: ['component', ...required] },
    ],
    unevaluatedProperties: false,
  };
}

const question = {
  type: 'object',
  properties: {
    id: text, header: text, question: text, multi_select: { type: 'boolean' },
    options: { type: 'array', items: { type: 'object', properties: { label: text, value: text, description: text }, required: ['label'] } },
  },
  required: ['question', 'options'],
};

/** The catalog as A2UI's JSON Schema: the kit's approval, input and artifacts components. */
export const kitCatalogSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: KIT_CATALOG_ID,
  catalogId: KIT_CATALOG_ID,
  title: 'agent-interaction-kit',
  description: 'The kit’s approval, input and artifacts cards, each taking the arguments of the kit’s tool of the same purpose; an answer comes back as an action named after the tool, its context the tool’s typed result.',
  components: {
    Approval: component('Approval', {
      message: text, title: text, severity: { enum: ['low', 'medium', 'high'] }, details: text, timeout_seconds: timeout,
    }, ['message']),
    Input: component('Input', {
      message: text, title: text, input_mode: { enum: ['text', 'choice', 'multi_choice', 'questionnaire'] },
      options: { type: 'array', items: text }, questions: { type: 'array', items: question }, allow_free_text: { type: 'boolean' },
      purpose: text, timeout_seconds: timeout,
    }, ['message']),
    Artifacts: component('Artifacts', {
      title: text,
      items: { type: 'array', minItems: 1, items: { type: 'object', properties: { name: text, url: text, path: text, mime: text, subtype: text, size: { type: 'number' }, caption: text } } },
    }, ['items']),
  },
  functions: {},
  $defs: {
    theme: { type: 'object', additionalProperties: true },
    anyComponent: {
      oneOf: [{ $ref: '#/components/Approval' }, { $ref: '#/components/Input' }, { $ref: '#/components/Artifacts' }],
      discriminator: { propertyName: 'component' },
    },
    // The catalog has no functions: a call to one validates against nothing.
    anyFunction: { not: {} },
  },
} as const;

/** The tag that draws each component. */
export const KIT_A2UI_TAGS = { Approval: 'aik-a2ui-approval', Input: 'aik-a2ui-input', Artifacts: 'aik-a2ui-artifacts' } as const;

type Implementation = ComponentApi & { tagName: string };

const loaded = Catalog.fromSchema(kitCatalogSchema as unknown as Record<string, unknown>);

/** The catalog for `new MessageProcessor([kitCatalog])`: the schema's components, each with its tag. */
export const kitCatalog = new Catalog<Implementation>(
  KIT_CATALOG_ID,
  [...loaded.components.values()].map((api) => ({ ...api, tagName: KIT_A2UI_TAGS[api.name as keyof typeof KIT_A2UI_TAGS] })),
);

/** A component's API (its name and the schema its properties are read by). */
export function kitComponentApi(name: keyof typeof KIT_A2UI_TAGS): Implementation {
  const api = kitCatalog.components.get(name);
  if (!api) throw new Error(`the kit's A2UI catalog has no ${name}`);
  return api;
}
