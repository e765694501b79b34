// The tests' eyes inside the View: the sandbox proxy shares the View's origin, so this script
// (loaded only by the tests' copy of the sandbox page) finds controls in the View by role and
// accessible name, focuses them for the real key presses that follow, and reads what it says.
// The View's nodes come from its own frame's realm: they are told apart by name, not instanceof.

type Role = 'button' | 'link' | 'radio' | 'checkbox' | 'textbox' | 'heading' | 'alert' | 'status';

const SELECTORS: Record<Role, string> = {
  button: 'button, [role="button"]',
  link: 'a[href], [role="link"]',
  radio: 'input[type="radio"], [role="radio"]',
  checkbox: 'input[type="checkbox"], [role="checkbox"]',
  textbox: 'input:not([type]), input[type="text"], textarea, [role="textbox"]',
  heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
  alert: '[role="alert"]',
  status: '[role="status"]',
};

function* deepElements(root: Document | ShadowRoot): Generator<Element> {
  for (const element of root.querySelectorAll('*')) {
    yield element;
    if (element.shadowRoot) yield* deepElements(element.shadowRoot);
  }
}

/** Text as read aloud: what aria-hidden hides is left out. */
function spokenText(node: Node): string {
  const element = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : undefined;
  if (element && (element.getAttribute('aria-hidden') === 'true' || element.localName === 'style' || element.localName === 'script')) return '';
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  const children = element?.shadowRoot ? element.shadowRoot.childNodes : node.childNodes;
  return [...children].map(spokenText).join('');
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

function accessibleName(element: Element): string {
  const label = element.getAttribute('aria-label');
  if (label) return collapse(label);
  const root = element.getRootNode() as Document | ShadowRoot;
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy) return collapse(labelledBy.split(/\s+/).map((id) => spokenText(root.getElementById?.(id) ?? document.createTextNode(''))).join(' '));
  const wrapping = element.closest('label');
  if (wrapping) return collapse(spokenText(wrapping));
  if (element.id) {
    const forLabel = root.querySelector(`label[for="${CSS.escape(element.id)}"]`);
    if (forLabel) return collapse(spokenText(forLabel));
  }
  if (element.localName === 'input' || element.localName === 'textarea') return collapse((element as HTMLInputElement).placeholder);
  return collapse(spokenText(element));
}

function view(): Document | undefined {
  return document.querySelector('iframe')?.contentDocument ?? undefined;
}

function deepActive(): Element | null {
  let active = view()?.activeElement ?? null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

function find(role: Role, name: string): Element | undefined {
  const doc = view();
  if (!doc) return undefined;
  return [...deepElements(doc)].find((element) => element.matches(SELECTORS[role]) && accessibleName(element) === name);
}

export type ProbeRequest =
  | { op: 'focus'; role: Role; name: string }
  | { op: 'has'; role: Role; name: string }
  | { op: 'names'; role: Role }
  | { op: 'focused' }
  | { op: 'text' };

function answer(request: ProbeRequest): unknown {
  switch (request.op) {
    case 'focus': {
      const target = find(request.role, request.name) as HTMLElement | undefined;
      if (!target) return false;
      document.querySelector('iframe')?.focus();
      target.focus();
      return deepActive() === target;
    }
    case 'has':
      return find(request.role, request.name) !== undefined;
    case 'names': {
      const doc = view();
      return doc ? [...deepElements(doc)].filter((element) => element.matches(SELECTORS[request.role])).map(accessibleName) : [];
    }
    case 'focused': {
      const active = deepActive();
      return active ? { tag: active.localName, name: accessibleName(active) } : null;
    }
    case 'text':
      return collapse(spokenText(view()?.body ?? document.createTextNode('')));
  }
}

window.addEventListener('message', (event) => {
  if (event.source !== window.parent || event.data?.type !== 'aik-probe') return;
  const { id, request } = event.data as { id: number; request: ProbeRequest };
  window.parent.postMessage({ type: 'aik-probe-reply', id, value: answer(request) }, event.origin);
});
