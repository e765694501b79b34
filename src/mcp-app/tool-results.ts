import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ApprovalResult, ArtifactsResult, InputResult } from '../protocol/results.js';

/** The kit's tool result as an MCP tool result: itself as `structuredContent`, its `content` as text. */
export function callToolResult(result: ApprovalResult | InputResult | ArtifactsResult): CallToolResult {
  return { content: [{ type: 'text', text: result.content }], structuredContent: { ...result } };
}

/** A refusal the model (or the View) reads: the kit's `{error}` sentence, as an MCP tool error. */
export function errorToolResult(error: string): CallToolResult {
  return { content: [{ type: 'text', text: error }], structuredContent: { error }, isError: true };
}
