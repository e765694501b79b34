// Other agent protocols mapped onto the same elements: MCP elicitation (an envelope on the kit's
// transports), AskUserQuestion and AG-UI interrupts (pure mappings a runtime or page calls).
// A separate entry, so the standalone bundle does not carry them.
export {
  mcpElicitation,
  elicitResult,
  JSON_RPC_ERRORS,
  McpCallError,
  type ElicitResult,
  type JsonRpcId,
  type McpElicitationAdapter,
  type McpElicitationOptions,
} from './mcp-elicitation.js';
export {
  askUserQuestionRequest,
  askUserQuestionAnswers,
  type AskUserQuestionInput,
  type AskUserQuestionItem,
  type AskUserQuestionOutcome,
  type AskUserQuestionOutput,
} from './ask-user-question.js';
export { agUiInterruptCards, agUiResume, agUiToolCall, type AgUiCard, type AgUiCardOptions, type AgUiInterrupt, type AgUiOutcome, type AgUiResumeEntry, type AgUiToolCall } from './ag-ui.js';
export { schemaToQuestions, formContent, type FormValue, type SchemaOutcome } from './json-schema-form.js';
export type { EnvelopeAdapter, EnvelopeAction } from '../session/envelope.js';
