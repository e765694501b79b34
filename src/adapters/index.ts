// Other agent protocols mapped onto the same elements (MCP elicitation, AskUserQuestion, AG-UI).
// A separate entry, so the standalone bundle does not carry them.
export {};
