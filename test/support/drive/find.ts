// What the page runs to find elements by their role and accessible name, or by their text,
// through shadow roots, the same in every engine (Playwright's role locators, which only
// Playwright's own browsers have, did this before). Plain JavaScript in a string: the page gets
// it as it is, whatever compiled the test.

/** A description of elements, resolved in the page each time it is used. */
export interface Query {
  role?: string;
  name?: string | { source: string; flags: string };
  exact?: boolean;
  text?: string | { source: string; flags: string };
  css?: string;
  hasText?: string;
  within?: Query;
  nth?: number;
}

export const FIND_SOURCE = String.raw`(query) => {
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const all = (root) => {
    const out = [];
    const walk = (node) => {
      for (const child of node.children) {
        out.push(child);
        if (child.shadowRoot) walk(child.shadowRoot);
        walk(child);
      }
    };
    walk(root);
    return out;
  };
  // Text through shadow roots; for a name, without what is hidden from assistive technology.
  const deepText = (node, forName = false) => {
    if (node.nodeType === 3) return node.data;
    if (node.nodeType !== 1 && node.nodeType !== 11) return '';
    if (node.nodeType === 1 && ['SCRIPT', 'STYLE', 'TEMPLATE'].includes(node.tagName)) return '';
    if (forName && node.nodeType === 1 && node.getAttribute('aria-hidden') === 'true') return '';
    const from = node.shadowRoot ?? node;
    return [...from.childNodes].map((child) => deepText(child, forName)).join('');
  };
  const nameText = (node) => deepText(node, true);
  const visible = (el) => el.getClientRects().length > 0 && (!el.checkVisibility || el.checkVisibility({ visibilityProperty: true }));
  const INPUT_ROLES = { button: 'button', submit: 'button', reset: 'button', checkbox: 'checkbox', radio: 'radio', number: 'spinbutton', range: 'slider' };
  const role = (el) => {
    const explicit = el.getAttribute('role');
    if (explicit) return explicit.split(/\s+/)[0];
    const tag = el.localName;
    if (tag === 'button') return 'button';
    if (tag === 'a' && el.hasAttribute('href')) return 'link';
    if (tag === 'textarea') return 'textbox';
    if (tag === 'input') return INPUT_ROLES[el.type] ?? (el.type === 'hidden' ? '' : 'textbox');
    if (tag === 'select') return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
    if (tag === 'img') return el.getAttribute('alt') === '' ? 'presentation' : 'img';
    if (tag === 'fieldset') return 'group';
    if (tag === 'li') return 'listitem';
    if (tag === 'ul' || tag === 'ol') return 'list';
    if (tag === 'output') return 'status';
    if (tag === 'dialog') return 'dialog';
    if (/^h[1-6]$/.test(tag)) return 'heading';
    return '';
  };
  const byIds = (el, ids) => ids.split(/\s+/).map((id) => el.getRootNode().getElementById?.(id)).filter(Boolean);
  const name = (el) => {
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy) return norm(byIds(el, labelledBy).map(nameText).join(' '));
    const label = el.getAttribute('aria-label');
    if (label) return norm(label);
    if (el.labels && el.labels.length > 0) return norm([...el.labels].map(nameText).join(' '));
    if (el.localName === 'fieldset') return norm(nameText(el.querySelector(':scope > legend') ?? document.createElement('i')));
    if (el.localName === 'img') return norm(el.getAttribute('alt'));
    if (['button', 'link', 'heading', 'radio', 'checkbox', 'listitem', 'status'].includes(role(el))) return norm(nameText(el)) || norm(el.title);
    return norm(el.title || el.placeholder);
  };
  const matcher = (want, exact) => {
    if (want === undefined) return () => true;
    if (typeof want === 'object') {
      const re = new RegExp(want.source, want.flags);
      return (got) => re.test(got);
    }
    const w = norm(want);
    return exact ? (got) => got === w : (got) => got.toLowerCase().includes(w.toLowerCase());
  };
  const resolve = (q) => {
    const roots = q.within ? resolve(q.within) : [document];
    let found = [];
    for (const root of roots) {
      const scope = root === document ? all(document) : [...(root.shadowRoot ? all(root.shadowRoot) : []), ...all(root)];
      let candidates = scope.filter(visible);
      if (q.css) candidates = candidates.filter((el) => el.matches(q.css));
      if (q.role) {
        const named = matcher(q.name, q.exact);
        candidates = candidates.filter((el) => role(el) === q.role && named(name(el)));
      }
      if (q.text !== undefined) {
        const said = matcher(q.text, q.exact);
        const says = candidates.filter((el) => said(norm(deepText(el))));
        // The innermost elements that say it, as a reader would point at them.
        candidates = says.filter((el) => !says.some((other) => other !== el && (el.contains(other) || el.shadowRoot?.contains(other))));
      }
      if (q.hasText !== undefined) candidates = candidates.filter((el) => norm(deepText(el)).toLowerCase().includes(norm(q.hasText).toLowerCase()));
      found.push(...candidates.filter((el) => !found.includes(el)));
    }
    if (q.nth !== undefined) found = found.slice(q.nth < 0 ? found.length + q.nth : q.nth).slice(0, 1);
    return found;
  };
  return resolve(query);
}`;
