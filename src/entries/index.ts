// The browser entry: registers <approval-dialog>, <questionnaire-form>, <artifact-list> and
// <interaction-host>, and exports the few names a host page needs.
import { defineHostElements } from '../host/define-elements.js';

export { ApprovalDialog } from '../elements/approval-dialog/approval-dialog.js';
export { QuestionnaireForm } from '../elements/questionnaire-form/questionnaire-form.js';
export { ArtifactList } from '../elements/artifact-list/artifact-list.js';
export { InteractionHost } from '../host/interaction-host.js';
export {
  ConnectionChangeDetail,
  ConnectionChangeEvent,
  HostEvent,
  InteractionRequestEvent,
  InteractionWaitingEvent,
  ToolResultEvent,
  type InteractionRequestDetail,
  type InteractionWaitingDetail,
} from '../host/host-events.js';
export { InteractionResponseEvent } from '../elements/shared/interaction-card.js';
export type { CardState } from '../rules/card-state.js';
export { WebSocketTransport } from '../transport/websocket-transport.js';
export { PostMessageTransport } from '../transport/post-message-transport.js';
export type { ConnectionStatus, Transport, TransportState } from '../transport/transport.js';
export { MemoryStorage, type KeyValueStorage } from '../session/storage.js';
export { normalizeToolCall } from '../rules/normalize.js';
export { resolveContext } from '../rules/context.js';
export type { Clock } from '../protocol/clock.js';
export type { DeliverFunction, DeliverOutcome } from '../rules/artifacts/deliver.js';
export type { Artifact } from '../rules/artifacts/prepare.js';
export type { InteractionRequest } from '../protocol/request.js';
export type { InteractionResponse } from '../protocol/response.js';
export type { ToolResult, FilePart, DeliveryResult } from '../protocol/results.js';
export type { ResultMessage } from '../protocol/kit-messages.js';
export { KIT_VERSION } from '../version.js';
export { registerTranslation } from '../i18n/register.js';
export type { Translation } from '../i18n/translation.js';
export type { Locale } from '../i18n/locales.js';
// The tag-name map of the four elements it registers (types only: the entry registers them itself).
export type {} from './interaction-host.js';

defineHostElements();
