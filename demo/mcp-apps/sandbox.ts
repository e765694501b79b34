// The sandbox proxy of a web MCP Apps host (the spec's "Sandbox proxy"): served from an origin
// other than the host page's, under the View's CSP (the server that serves this page sets the
// header, demo/mcp-apps/csp.ts), it loads the View's HTML into an inner frame and relays every
// message between the host and the View, except the sandbox's own `ui/notifications/sandbox-*`.
// It also tells the host of every CSP violation in the View (a host's audit trail).

const host = window.parent;
const hostOrigin = document.referrer ? new URL(document.referrer).origin : '';
if (host === window || !hostOrigin) throw new Error('The sandbox proxy runs only inside a host page.');

const inner = document.createElement('iframe');
inner.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
inner.title = 'MCP App';
document.body.append(inner);

// The first script of the View's document: violations go to the host, outside JSON-RPC.
const REPORTER = `<script>document.addEventListener('securitypolicyviolation',function(e){parent.postMessage({type:'aik-sandbox',event:'csp-violation',directive:e.effectiveDirective,blocked:String(e.blockedURI)},'*')})</script>`;

function load(html: string): void {
  const withReporter = /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => head + REPORTER) : REPORTER + html;
  // document.write keeps this origin (and so this page's CSP) for the View's document.
  const doc = inner.contentDocument;
  if (!doc) throw new Error('The inner frame is not reachable.');
  doc.open();
  doc.write(withReporter);
  doc.close();
}

window.addEventListener('message', (event) => {
  if (event.source === host) {
    if (event.origin !== hostOrigin) return;
    const data = event.data as { method?: string; params?: { html?: unknown; sandbox?: unknown } } | undefined;
    if (data?.method === 'ui/notifications/sandbox-resource-ready') {
      if (typeof data.params?.sandbox === 'string') inner.setAttribute('sandbox', data.params.sandbox);
      if (typeof data.params?.html === 'string') load(data.params.html);
      return;
    }
    inner.contentWindow?.postMessage(event.data, '*');
  } else if (event.source === inner.contentWindow) {
    host.postMessage(event.data, hostOrigin);
  }
});

host.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, hostOrigin);
