// <artifact-list> as a user reads it: its rows by file name, each row's parts, its preview and
// copy buttons.
import type { ArtifactList } from '../../../src/elements/artifact-list/artifact-list.js';
import { ShadowHarness } from './card.js';
import { partIn, partsIn } from './parts.js';

export class ArtifactsHarness extends ShadowHarness<ArtifactList> {
  /** The rows now shown. */
  readonly rows = () => this.parts('item');

  /** The row of the file named `name`. */
  readonly row = (name: string) => this.rows().find((row) => partIn(row, 'name')?.textContent === name);

  /** The part named `part` in the row of file `name`. */
  readonly rowPart = <T extends HTMLElement = HTMLElement>(name: string, part: string) => {
    const row = this.row(name);
    return row ? partIn<T>(row, part) : null;
  };

  /** Every part named `part` of a row, row by row. */
  readonly rowParts = <T extends HTMLElement = HTMLElement>(part: string) => this.rows().flatMap((row) => partsIn<T>(row, part));

  /** The button that loads the preview of file `name` (a row's first, or `row`'s), if offered. */
  readonly previewButton = (name?: string | Element) => {
    const row = typeof name === 'string' ? this.row(name) : (name ?? this.rows()[0]);
    return row ? (partIn(row, 'preview')?.querySelector<HTMLButtonElement>('button') ?? null) : null;
  };

  /** Clicks the preview's button of file `name`, then waits for the update. */
  readonly preview = async (name?: string) => {
    const button = this.previewButton(name);
    if (!button) throw new Error(`preview: no preview button for ${name ?? 'the first row'}`);
    button.click();
    await this.el.updateComplete;
  };

  /** The copy button of file `name` (the first row's without a name). */
  readonly copyButton = (name?: string) => (name ? this.rowPart<HTMLButtonElement>(name, 'copy-button') : this.part<HTMLButtonElement>('copy-button'));

  /** Every image the list shows. */
  readonly images = () => this.findAll<HTMLImageElement>('img');
}
