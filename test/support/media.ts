// Media conditions no driver but Chromium's can emulate (`prefers-reduced-motion: reduce`, a
// coarse pointer) or that need a narrow window (a phone's width), tested the same way in every
// engine: the element's own `@media` rules applied as that device would, so the engine's real
// cascade decides what shows, and a frame of a given width to mount elements in. No
// launcher-only commands.

/** The media rules of a shadow root's style sheets whose condition is exactly `condition`. */
function mediaRules(root: ShadowRoot, condition: string): CSSMediaRule[] {
  const sheets = [...root.adoptedStyleSheets, ...[...root.querySelectorAll('style')].map((style) => style.sheet!)];
  const found: CSSMediaRule[] = [];
  const visit = (rules: CSSRuleList) => {
    for (const rule of rules) {
      if (rule instanceof CSSMediaRule) {
        if (rule.media.mediaText === condition) found.push(rule);
        else visit(rule.cssRules);
      }
    }
  };
  for (const sheet of sheets) visit(sheet.cssRules);
  return found;
}

/**
 * Runs `check` with the root's rules under `condition` in force, then restores them. Fails when
 * the root has no such rule, or the engine does not parse the condition as a media query.
 */
export async function asIfMedia(root: ShadowRoot, condition: string, check: () => unknown | Promise<unknown>): Promise<void> {
  if (matchMedia(condition).media === 'not all') throw new Error(`asIfMedia: "${condition}" is not a media query here`);
  const rules = mediaRules(root, condition);
  if (rules.length === 0) throw new Error(`asIfMedia: no rule under ${condition}`);
  for (const rule of rules) rule.media.mediaText = 'all';
  try {
    await check();
  } finally {
    for (const rule of rules) rule.media.mediaText = condition;
  }
}

/** The rules inside the element's `@media` blocks whose condition mentions `condition`. */
function rulesUnder(root: ShadowRoot, condition: string): string[] {
  const sheets = [...root.adoptedStyleSheets, ...[...root.querySelectorAll('style')].map((style) => style.sheet!).filter(Boolean)];
  const found: string[] = [];
  for (const sheet of sheets) {
    for (const rule of sheet.cssRules) {
      if (rule instanceof CSSMediaRule && rule.conditionText.includes(condition)) found.push(...[...rule.cssRules].map((inner) => inner.cssText));
    }
  }
  return found;
}

/** The engine's own `adoptedStyleSheets` accessors, wherever on the prototype chain they are. */
function adoptedAccessors(root: ShadowRoot): PropertyDescriptor {
  for (let proto: object | null = Object.getPrototypeOf(root); proto; proto = Object.getPrototypeOf(proto)) {
    const found = Object.getOwnPropertyDescriptor(proto, 'adoptedStyleSheets');
    if (found) return found;
  }
  throw new Error('asIfCoarsePointer: this engine has no adoptedStyleSheets');
}

/**
 * Adopts `sheet` after the root's own sheets, and keeps it last whatever the element adopts later,
 * as a device's media holds through every state: a card changes its sheets as it settles (a
 * closed receipt adopts only its line's styles).
 */
function keepLast(root: ShadowRoot, sheet: CSSStyleSheet): void {
  const { get, set } = adoptedAccessors(root);
  Object.defineProperty(root, 'adoptedStyleSheets', {
    configurable: true,
    get: () => get!.call(root) as CSSStyleSheet[],
    set: (sheets: CSSStyleSheet[]) => set!.call(root, [...sheets.filter((other) => other !== sheet), sheet]),
  });
  root.adoptedStyleSheets = [...root.adoptedStyleSheets];
}

/**
 * Applies, inside each given element's shadow root (and those of the cards it holds), the rules
 * its styles keep for `(pointer: coarse)`, as a touch screen would: a sheet appended after the
 * element's own, so the same cascade decides. Returns how many rules were applied.
 */
export function asIfCoarsePointer(...elements: Element[]): number {
  let applied = 0;
  const visit = (el: Element) => {
    const root = el.shadowRoot;
    if (!root) return;
    const rules = rulesUnder(root, 'pointer: coarse');
    if (rules.length > 0) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(rules.join('\n'));
      keepLast(root, sheet);
      applied += rules.length;
    }
    for (const inner of root.querySelectorAll('*')) visit(inner);
  };
  for (const el of elements) visit(el);
  return applied;
}

/** Every target a finger could aim at in `root` and the shadow roots under it, that is shown. */
export function targets(root: ShadowRoot): HTMLElement[] {
  const found: HTMLElement[] = [];
  const visit = (scope: ShadowRoot) => {
    for (const el of scope.querySelectorAll<HTMLElement>('button, summary, a[href], input, textarea, select, .option')) {
      // A radio or checkbox inside an option is hit through its whole row, the label.
      if (el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox') && el.closest('.option')) continue;
      if (el.checkVisibility()) found.push(el);
    }
    for (const inner of scope.querySelectorAll('*')) if (inner.shadowRoot) visit(inner.shadowRoot);
  };
  visit(root);
  return found;
}

/**
 * A same-origin frame `width` px wide (its own viewport, so `@media (width < …)` and `vw` are
 * the phone's) with the kit's entries loaded; resolves with its window once they are defined.
 */
export async function frameOfWidth(width: number, modules: string[]): Promise<{ frame: HTMLIFrameElement; win: Window & typeof globalThis }> {
  const frame = document.createElement('iframe');
  frame.style.cssText = `width: ${width}px; height: 1200px; border: 0; display: block`;
  const imports = modules.map((module) => `import ${JSON.stringify(module)};`).join('');
  frame.srcdoc = `<!doctype html><html lang="zh-CN"><body style="margin: 0; font-family: sans-serif"><script type="module">${imports}window.ready = true;</script></body></html>`;
  document.body.append(frame);
  const win = () => frame.contentWindow as (Window & typeof globalThis & { ready?: boolean }) | null;
  for (let i = 0; i < 200 && !win()?.ready; i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
  if (!win()?.ready) throw new Error('frameOfWidth: the entries never loaded in the frame');
  return { frame, win: win()! };
}
