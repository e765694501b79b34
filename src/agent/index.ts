// The Node entry (`agent-interaction-kit/agent`): the runtime's side of the protocol.
export { AgentSession, KitError, type CallToolOptions } from './agent-session.js';
export type { Grant } from './grants.js';
export type { AuditFunction, AuditOption, AuditPlace, AuditRecord } from './audit.js';
export type { SessionGrant } from '../protocol/runtime-messages.js';
export { createAgentServer, type AgentServer, type AgentServerOptions, type SessionAbout } from './ws-server.js';
export type { InboxOptions, InboxFor, InboxView } from './inbox/endpoint.js';
// What a runtime needs to tell the model about a call it aborted: the rules' request and results.
export { normalizeToolCall } from '../rules/normalize.js';
export { resolveContext } from '../rules/context.js';
export { cancelledResponse } from '../rules/responses.js';
export { toolResultFor } from '../rules/results.js';
export type { ToolResult, ToolResults, ApprovalResult, InputResult, ArtifactsResult, ErrorResult } from '../protocol/results.js';
export type { InteractionRequest } from '../protocol/request.js';
export type { InteractionResponse } from '../protocol/response.js';
export type { WireContext } from '../protocol/context.js';
export {
  toolDefinitions,
  type ToolDefinitionFormat,
  type ToolDefinitionOptions,
  type OpenAIToolDefinition,
  type AnthropicToolDefinition,
  type McpToolDefinition,
  type JsonSchemaObject,
} from './tool-definitions.js';
export {
  mintAnswerToken,
  verifyAnswerToken,
  type AnswerTokenClaims,
  type AnswerTokenOutcome,
  type AnswerTokenRefusal,
  type MintAnswerTokenOptions,
  type VerifyAnswerTokenOptions,
} from './links/answer-token.js';
export type { NotifyInput } from './links/notify.js';
export type { LinksOptions } from './links/call-links.js';
export type { NotifyFunction } from './links/notifier.js';
export { sendWebhook, webhookSignature, type WebhookSenderOptions } from './links/webhook-sender.js';
export { sendSlack, type SlackSenderOptions } from './links/slack-sender.js';
export { sendFeishu, type FeishuSenderOptions } from './links/feishu-sender.js';
export { dingTalkSign, sendDingTalk, type DingTalkSenderOptions } from './links/dingtalk-sender.js';
export { sendWeCom, type WeComSenderOptions } from './links/wecom-sender.js';
export { sendEmail, type EmailSenderOptions } from './links/email-sender.js';
