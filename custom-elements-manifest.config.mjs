// The custom elements manifest (custom-elements.json): editors, Storybook and the generated
// integrations (scripts/write-integrations.js) read the API from it. The analyzer reads the
// JSDoc and Lit declarations; the plugins below add what it cannot see: the tags (registered
// through defineElement), every --aik-* token with its default, the parts the host forwards,
// the events' detail types, and module paths into dist/ (src/ does not ship).
import { readFileSync } from 'node:fs';
import { cemInheritancePlugin } from '@wc-toolkit/cem-inheritance';
import { designTokens } from './scripts/design-tokens.js';

/** Each element's public module: the entry that exports and registers it. */
const ENTRIES = {
  ApprovalDialog: { tag: 'approval-dialog', path: 'dist/approval-dialog.js' },
  QuestionnaireForm: { tag: 'questionnaire-form', path: 'dist/questionnaire-form.js' },
  ArtifactList: { tag: 'artifact-list', path: 'dist/artifact-list.js' },
  InteractionHost: { tag: 'interaction-host', path: 'dist/interaction-host.js' },
  InteractionInbox: { tag: 'interaction-inbox', path: 'dist/interaction-inbox.js' },
};

/** The events' detail types, by element and event name (the JSDoc `@fires` lines say what). */
const EVENT_TYPES = {
  'interaction-response': 'InteractionResponseEvent',
  'interaction-request': 'InteractionRequestEvent',
  'tool-result': 'ToolResultEvent',
  'connection-change': 'ConnectionChangeEvent',
  'interaction-waiting': 'InteractionWaitingEvent',
};

/** The parts the host forwards from its cards, read from the list it forwards. */
function forwardedParts() {
  const text = readFileSync(new URL('./src/host/exported-parts.ts', import.meta.url), 'utf8');
  const list = /EXPORTED_PARTS = \[([\s\S]*?)\] as const/.exec(text)?.[1] ?? '';
  return [...list.matchAll(/'([\w-]+)'/g)].map((m) => m[1]);
}

function kitManifestPlugin() {
  return {
    name: 'agent-interaction-kit',
    packageLinkPhase({ customElementsManifest }) {
      const tokens = designTokens().map((token) => ({ name: token.name, description: token.description, default: token.default }));
      const modules = [];
      for (const module of customElementsManifest.modules) {
        const element = module.declarations?.find((declaration) => ENTRIES[declaration.name]);
        if (!element) continue; // helpers, controllers and the card base: their API is inherited
        const entry = ENTRIES[element.name];
        element.tagName = entry.tag;
        element.customElement = true;
        element.cssProperties = tokens;
        element.slots = [];
        // Only the events the element fires (the analyzer also reads `new CustomEvent(type)` in a helper).
        element.events = (element.events ?? [])
          .filter((event) => EVENT_TYPES[event.name])
          .map((event) => ({ ...event, type: { text: EVENT_TYPES[event.name] } }));
        if (element.name === 'InteractionHost' || element.name === 'InteractionInbox') {
          const own = new Set((element.cssParts ?? []).map((part) => part.name));
          element.cssParts = [
            ...(element.cssParts ?? []),
            ...forwardedParts().filter((name) => !own.has(name)).map((name) => ({ name, description: `Forwarded from the cards inside (exportparts): ${name}.` })),
          ];
        }
        element.members = (element.members ?? []).filter((member) => member.privacy !== 'private' && member.privacy !== 'protected' && !member.static);
        delete element.superclass;
        modules.push({
          kind: 'javascript-module',
          path: entry.path,
          declarations: [element],
          exports: [
            { kind: 'js', name: element.name, declaration: { name: element.name, module: entry.path } },
            { kind: 'custom-element-definition', name: entry.tag, declaration: { name: element.name, module: entry.path } },
          ],
        });
      }
      customElementsManifest.modules = modules;
    },
  };
}

export default {
  globs: ['src/elements/**/*.ts', 'src/host/*.ts', 'src/host/inbox/interaction-inbox.ts'],
  exclude: ['src/**/*.styles.ts'],
  outdir: '.',
  litelement: true,
  plugins: [cemInheritancePlugin(), kitManifestPlugin()],
};
