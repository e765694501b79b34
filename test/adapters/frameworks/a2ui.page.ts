// The page of the A2UI round trip: @a2ui/lit's <a2ui-surface> and web_core's MessageProcessor with
// the kit's catalog; the test hands it the agent's messages, and reads back the actions it sent.
import '@a2ui/lit/v0_9';
import { MessageProcessor, type A2uiClientAction } from '@a2ui/web_core/v0_9';
import { KIT_A2UI_TAGS, kitCatalog } from '../../../src/entries/a2ui.js';

const actions: { version: 'v0.9'; action: A2uiClientAction }[] = [];
const processor = new MessageProcessor([kitCatalog], (action) => {
  actions.push({ version: 'v0.9', action });
});
const app = document.querySelector('#app')!;

function process(messages: unknown[]): void {
  processor.processMessages(messages as Parameters<typeof processor.processMessages>[0]);
  for (const message of messages as { createSurface?: { surfaceId: string } }[]) {
    const id = message.createSurface?.surfaceId;
    if (!id) continue;
    const surface = document.createElement('a2ui-surface') as HTMLElement & { surface: unknown };
    surface.surface = processor.model.getSurface(id);
    surface.id = id;
    app.append(surface);
  }
}

Object.assign(window, { lab: { process, actions, tags: KIT_A2UI_TAGS } });
