/**
 * Every link the cards show opens through the host (`ui/open-link`), never as a popup or a
 * navigation of the sandboxed frame: a click on an anchor anywhere in the page, shadow roots
 * included, is handed to `open`.
 */
export function routeLinks(root: Document, open: (url: string) => void): void {
  root.addEventListener(
    'click',
    (event) => {
      const anchor = event.composedPath().find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement && node.href !== '');
      if (!anchor) return;
      event.preventDefault();
      open(anchor.href);
    },
    { capture: true },
  );
}
