import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { InteractionOption } from '../../protocol/request.js';
import { CUSTOM_VALUE } from '../../rules/options.js';

/**
 * Options shown at first in a long list: a model can send ten thousand. The rest wait behind a
 * filter and a "show all" control, so the card's DOM stays small until the user asks.
 */
export const OPTIONS_SHOWN = 50;

/** An option on screen, with its place in the full list (its digit key and its ids). */
export interface ShownOption {
  index: number;
  option: InteractionOption;
}

export interface OptionListStrings {
  filterOptions: string;
  showAllOptions: (n: number) => string;
}

/**
 * Where an arrow key moves among options, in the order they are read: ↓ and ↑ to the next and the
 * previous, → and ← the way the options are laid out (in a right-to-left card ← is the next).
 * Undefined for any other key, or with a modifier.
 */
export function arrowStep(event: KeyboardEvent, target: Element): 1 | -1 | undefined {
  if (event.altKey || event.ctrlKey || event.metaKey) return undefined;
  const rtl = getComputedStyle(target).direction === 'rtl';
  return ({ ArrowDown: 1, ArrowUp: -1, ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 } as const)[event.key];
}

/** Where the user stands in a list: typing, or on one of its options. */
const typing = (target: EventTarget | undefined) =>
  target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && target.type !== 'radio' && target.type !== 'checkbox');

/**
 * The keyboard and the long-list behaviour of every option list (choice, multi-choice, a
 * questionnaire's questions, a typed multi-select), each list known by its key: digits 1–9 pick
 * (a checkbox toggles), ↑/↓ move among checkboxes as they do among radios (a radio group's
 * roving focus is the browser's own), and past OPTIONS_SHOWN options a filter and "show all".
 * Picking is the host's: `pick` changes its answers, and returns true when it moved focus itself
 * (the steps layout moving on); else focus follows the picked option.
 */
export class OptionListController implements ReactiveController {
  /** Per list: what the user typed in its filter. */
  private filters = new Map<string, string>();
  /** Lists the user asked to show whole. */
  private whole = new Set<string>();

  constructor(
    private readonly host: ReactiveControllerHost & { readonly renderRoot: HTMLElement | DocumentFragment },
    private readonly pick: (key: string, value: string, multiple: boolean) => boolean,
  ) {
    host.addController(this);
  }

  hostConnected(): void {}

  /** A new request: every list starts over. */
  reset(): void {
    this.filters.clear();
    this.whole.clear();
  }

  /**
   * The options on screen: all, once the user asked or while the list is short; else those
   * matching the filter (or the first ones), up to OPTIONS_SHOWN. The checked ones and the
   * custom option always stay.
   */
  shown(key: string, options: readonly InteractionOption[], checked: ReadonlySet<string>): ShownOption[] {
    const all = options.map((option, index) => ({ index, option }));
    if (!this.isLong(key, options.length)) return all;
    const query = (this.filters.get(key) ?? '').trim().toLowerCase();
    const matches = query ? all.filter(({ option }) => option.label.toLowerCase().includes(query) || option.value.toLowerCase().includes(query)) : all;
    const shown = new Set(matches.slice(0, OPTIONS_SHOWN).map(({ index }) => index));
    return all.filter(({ index, option }) => shown.has(index) || checked.has(option.value) || option.value === CUSTOM_VALUE);
  }

  private isLong(key: string, total: number): boolean {
    return total > OPTIONS_SHOWN && !this.whole.has(key);
  }

  /** A long list's filter box and "show all" button (`id` names the filter for its label). */
  renderControls(key: string, total: number, id: string, strings: OptionListStrings): TemplateResult | typeof nothing {
    if (!this.isLong(key, total)) return nothing;
    const filter = (event: Event) => {
      this.filters.set(key, (event.target as HTMLInputElement).value);
      this.host.requestUpdate();
    };
    const showAll = () => {
      this.whole.add(key);
      this.host.requestUpdate();
    };
    return html`<div class="field list-controls">
      <label class="field-label" for=${id}>${strings.filterOptions}</label>
      <input type="text" id=${id} part="filter" .value=${this.filters.get(key) ?? ''} @input=${filter} />
      <button tabindex="0" type="button" class="quiet show-all" aria-expanded="false" @click=${showAll}>${strings.showAllOptions(total)}</button>
    </div>`;
  }

  /** The keydown listener of list `key` (bound on its fieldset): digits and arrows. */
  onKeydown(event: KeyboardEvent, key: string, options: readonly InteractionOption[], multiple: boolean): void {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.composedPath()[0];
    if (typing(target)) return;
    if (/^[1-9]$/.test(event.key)) {
      const option = options[Number(event.key) - 1];
      if (!option) return;
      event.preventDefault();
      if (!this.pick(key, option.value, multiple)) void this.host.updateComplete.then(() => this.input(key, option.value)?.focus());
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && target instanceof HTMLInputElement && target.type === 'checkbox') {
      const boxes = [...this.inputs(key)];
      const next = boxes[boxes.indexOf(target) + (event.key === 'ArrowDown' ? 1 : -1)];
      if (!next) return;
      event.preventDefault();
      next.focus();
    }
  }

  /**
   * ← and → in a radio group, picking as the browser's own arrows do but in the card's direction
   * (not every engine turns them around right to left), round from the last option to the first.
   */
  onRadioArrow(event: KeyboardEvent): void {
    const radio = event.composedPath()[0];
    if (event.defaultPrevented || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') || !(radio instanceof HTMLInputElement) || radio.type !== 'radio') return;
    const step = arrowStep(event, radio);
    const radios = [...(radio.closest('.options')?.querySelectorAll<HTMLInputElement>('input[type="radio"]:not(:disabled)') ?? [])];
    const next = step && radios[(radios.indexOf(radio) + step + radios.length) % radios.length];
    if (!next) return;
    event.preventDefault();
    next.focus();
    if (!next.checked) next.click();
  }

  private inputs(key: string): NodeListOf<HTMLInputElement> {
    return this.host.renderRoot.querySelectorAll<HTMLInputElement>(`[data-key="${CSS.escape(key)}"] .options input`);
  }

  private input(key: string, value: string): HTMLInputElement | undefined {
    return [...this.inputs(key)].find((input) => input.value === value);
  }
}
