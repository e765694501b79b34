// Registers <interaction-host> and the elements it shows.
import { defineHostElements } from './host/define-elements.js';

export { InteractionHost } from './host/interaction-host.js';
defineHostElements();
