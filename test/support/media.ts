// A user preference (`prefers-reduced-motion: reduce`) that no driver but Chromium's can emulate,
// tested the same way in every engine: the shadow root's own rules under that condition are made
// to apply (their media list set to `all`), so the engine's real cascade decides what shows.

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
