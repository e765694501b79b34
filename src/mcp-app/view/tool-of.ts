import { isOneOf, TOOL_NAMES, type ToolName } from '../../protocol/constants.js';

/**
 * Which of the kit's tools a View was opened for: the host's `toolInfo` says so when it is given;
 * otherwise the arguments tell (`items` only in publish_artifacts; questions, options or an input
 * mode only in request_user_input). A bare `{message}` reads as an approval: the server refuses
 * an answer of the wrong kind, so a wrong guess can never answer a call.
 */
export function toolOf(toolName: unknown, args: Record<string, unknown>): ToolName {
  if (isOneOf(TOOL_NAMES, toolName)) return toolName;
  if ('items' in args) return 'publish_artifacts';
  const inputOnly = ['questions', 'options', 'input_mode', 'allow_free_text', 'purpose'];
  return inputOnly.some((field) => field in args) ? 'request_user_input' : 'request_user_approval';
}
