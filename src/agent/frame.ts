// The browser entry of the runtime's side (`agent-interaction-kit/frame-bridge`): for a page that
// hosts the kit in an <iframe> and talks to it with postMessage. No `ws`, no Node built-ins.
export { createFrameBridge, type FrameBridgeOptions } from './frame-bridge.js';
export { KitError, type AgentSession, type CallToolOptions } from './agent-session.js';
export type { ToolResult, ToolResults, ApprovalResult, InputResult, ArtifactsResult, ErrorResult } from '../protocol/results.js';
export type { WireContext } from '../protocol/context.js';
