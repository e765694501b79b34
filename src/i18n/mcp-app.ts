// The strings of the kit's MCP App card (what it says around the kit's own cards), zh-CN and en.
import type { BuiltinLocale } from './locales.js';

const zhCN = {
  waiting: '正在等待请求…',
  unsupportedTitle: '请在支持的客户端中回答',
  unsupported: '这个客户端不能把你的回答交回给请求方。请在支持 MCP Apps 调用工具的客户端中回答；到期后，请求将按超时处理。',
  sendFailed: (reason: string) => `你的回答未能送达：${reason}`,
  refusedTitle: '请求未被受理',
  cancelled: '请求已取消',
};

export type McpAppStrings = typeof zhCN;

const en: McpAppStrings = {
  waiting: 'Waiting for the request…',
  unsupportedTitle: 'Answer this in a supported app',
  unsupported: 'This app cannot hand your answer back to whoever asked. Answer it in an app that lets MCP Apps call tools; at its deadline the request ends as timed out.',
  sendFailed: (reason) => `Your answer could not be delivered: ${reason}`,
  refusedTitle: 'The request was refused',
  cancelled: 'The request was cancelled',
};

export const mcpAppStrings: Readonly<Record<BuiltinLocale, McpAppStrings>> = { 'zh-CN': zhCN, en };
