// The View of the kit's MCP App: the script of card.html. One tool call per View (MCP Apps
// renders one per call): its input becomes the kit's card, the card's response goes to the
// server's app-only `interaction_respond`, the call's result becomes the receipt.
import { App, type McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import { ApprovalDialog } from '../../elements/approval-dialog/approval-dialog.js';
import { ArtifactList } from '../../elements/artifact-list/artifact-list.js';
import { QuestionnaireForm } from '../../elements/questionnaire-form/questionnaire-form.js';
import { defineElement } from '../../elements/shared/define.js';
import { checkToolArguments } from '../../protocol/tool-arguments.js';
import { toolResultSchema, type ToolResult } from '../../protocol/results.js';
import { resolveContext } from '../../rules/context.js';
import { normalizeToolCall } from '../../rules/normalize.js';
import { KIT_VERSION } from '../../version.js';
import { argumentsDigest, formatCallId } from '../call-id.js';
import { CONTEXT_ELEMENT_ID, RESPOND_TOOL } from '../constants.js';
import { McpCardView, type Responder } from './card-view.js';
import { applyHostContext } from './host-context.js';
import { routeLinks } from './links.js';
import { toolOf } from './tool-of.js';
import { viewFallbackLocale } from './view-locale.js';
import { registerAllTranslations } from '../../i18n/locales/all.js';

// zod runs jitless (card.html sets it before this script): the host's CSP has no 'unsafe-eval'.
registerAllTranslations();
defineElement('approval-dialog', ApprovalDialog);
defineElement('questionnaire-form', QuestionnaireForm);
defineElement('artifact-list', ArtifactList);
defineElement('mcp-card-view', McpCardView);

const context = resolveContext(JSON.parse(document.getElementById(CONTEXT_ELEMENT_ID)?.textContent || '{}'));
const view = document.querySelector('mcp-card-view') ?? document.body.appendChild(new McpCardView());
if (context.requester) view.requester = context.requester;
const fallbackLocale = viewFallbackLocale(context.locale, navigator.languages ?? []);

const app = new App({ name: 'agent-interaction-kit', version: KIT_VERSION }, {}, { autoResize: true });

/** A tool result the View can show, or the sentence of a refusal; anything else shows nothing. */
function resultOf(structured: unknown, isError: boolean | undefined, text: string): ToolResult | string {
  const parsed = toolResultSchema.safeParse(structured);
  if (parsed.success) return isError && !('error' in parsed.data) ? text : (parsed.data as ToolResult);
  return text;
}

const textOf = (content: unknown): string =>
  (Array.isArray(content) ? content : []).map((block: { type?: unknown; text?: unknown }) => (block.type === 'text' && typeof block.text === 'string' ? block.text : '')).join(' ');

function responder(callId: string): Responder | undefined {
  if (!app.getHostCapabilities()?.serverTools) return undefined;
  return async (response) => {
    try {
      const reply = await app.callServerTool({ name: RESPOND_TOOL, arguments: { call_id: callId, response } });
      // A refusal refuses this response, not the call: the card stays and says why.
      const shown = resultOf(reply.structuredContent, reply.isError, textOf(reply.content));
      return typeof shown === 'string' || 'error' in shown ? textOf(reply.content) : shown;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };
}

app.ontoolinput = ({ arguments: args = {} }) => {
  const toolInfo = app.getHostContext()?.toolInfo;
  const tool = toolOf(toolInfo?.tool.name, args);
  // Artifacts are delivered by the server before any card could act, and a call the rules refuse
  // gets the server's sentence: both wait for the result.
  if (tool === 'publish_artifacts' || checkToolArguments(tool, args).length > 0) return;
  void argumentsDigest(args).then((digest) => {
    const callId = formatCallId(digest, toolInfo?.id ?? undefined);
    view.respond = responder(callId);
    view.request = normalizeToolCall(tool, args, { request_id: callId, session_id: '' }, context);
  });
};

app.ontoolresult = (result) => {
  const shown = resultOf(result.structuredContent, result.isError, textOf(result.content));
  view.result = typeof shown === 'string' ? { error: shown } : shown;
};

app.ontoolcancelled = () => {
  view.cancelledAt = new Date().toISOString();
};

app.onhostcontextchanged = (changed: McpUiHostContext) => {
  view.locale = applyHostContext({ ...app.getHostContext(), ...changed }, fallbackLocale);
};

app.onteardown = async () => ({});

routeLinks(document, (url) => void app.openLink({ url }).catch(() => undefined));

await app.connect();
view.locale = applyHostContext(app.getHostContext(), fallbackLocale);
