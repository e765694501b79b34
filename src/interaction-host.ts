// Registers <interaction-host> and the elements it shows.
import { defineHostElements } from './host/define-elements.js';

export { InteractionHost } from './host/interaction-host.js';
// The tag-name map of the elements it registers, for its types (the value import above is elided there).
export type {} from './host/define-elements.js';
defineHostElements();
