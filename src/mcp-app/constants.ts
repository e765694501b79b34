// What the server and the View of the MCP App agree on.

/** The one resource every tool of the kit renders in. */
export const CARD_RESOURCE_URI = 'ui://agent-interaction-kit/card.html';

/** MCP Apps' HTML profile (ext-apps' RESOURCE_MIME_TYPE). */
export const CARD_RESOURCE_MIME = 'text/html;profile=mcp-app';

/** The app-only tool through which the View hands back the person's response. */
export const RESPOND_TOOL = 'interaction_respond';

/**
 * How long past a call's deadline the server waits for the View's own timeout response (which
 * keeps the answers already given) before it resolves the call itself, as a
 * runtime waits for the kit.
 */
export const DEFAULT_GRACE_MS = 10_000;

/** The element of the card's HTML that carries the server's context (channel, run mode, requester). */
export const CONTEXT_ELEMENT_ID = 'aik-mcp-context';
