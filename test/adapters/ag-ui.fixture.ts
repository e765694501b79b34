// An AG-UI interrupt batch using every field of the Interrupt shape: an approval, a form and one
// already expired at 2026-11-30T10:00:00Z.
import type { AgUiInterrupt } from '../../src/adapters/ag-ui.js';

export const BATCH: AgUiInterrupt[] = [
  {
    id: 'int-approve',
    reason: 'tool_approval',
    message: 'Send the weekly report to 42 recipients?',
    toolCallId: 'call_send_report',
    expiresAt: '2026-11-30T10:05:00Z',
    metadata: { framework: 'langgraph' },
  },
  {
    id: 'int-form',
    reason: 'input_required',
    message: 'How should the export be shaped?',
    responseSchema: {
      type: 'object',
      properties: {
        format: { type: 'string', enum: ['csv', 'json'], title: 'Format' },
        rows: { type: 'integer', minimum: 1, maximum: 10000, title: 'Rows' },
        header: { type: 'boolean', title: 'Include a header row', default: true },
      },
      required: ['format', 'rows'],
    },
  },
  { id: 'int-expired', reason: 'policy_hold', message: 'Release the hold?', expiresAt: '2026-11-30T09:59:00Z' },
];
