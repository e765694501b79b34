// What the standalone bundle carries before any element: lit (with the `repeat` directive the
// host uses) and zod/mini with the kit's protocol schemas and parser. The bench reports its size
// beside the bundle's budget.
import { LitElement } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { parseRuntimeMessage } from '../../src/protocol/parse.js';
import { checkToolArguments } from '../../src/protocol/tool-arguments.js';

class Empty extends LitElement {}
customElements.define('empty-element', Empty);
export { checkToolArguments, parseRuntimeMessage, repeat };
