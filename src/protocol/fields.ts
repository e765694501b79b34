// The answer kinds a question may take besides the questionnaire's "one option, the first
// recommended, plus a custom answer". Only the adapters (MCP elicitation, AskUserQuestion, AG-UI)
// build them; the kit's own tools never do, and `interaction_request` cannot carry them.

/** String formats a text field checks (those of MCP elicitation). */
export const TEXT_FORMATS = ['email', 'uri', 'date', 'date-time'] as const;
export type TextFormat = (typeof TEXT_FORMATS)[number];

interface FieldBase {
  /** A field that is not required may be left empty; its answer is then absent. */
  required: boolean;
  /** Help shown under the question. */
  description?: string;
}

export interface TextField extends FieldBase {
  type: 'text';
  format?: TextFormat;
  min_length?: number;
  max_length?: number;
  /** A regular expression (unanchored, as in JSON Schema) the answer must match. */
  pattern?: string;
  default?: string;
}

export interface NumberField extends FieldBase {
  type: 'number';
  integer: boolean;
  minimum?: number;
  maximum?: number;
  default?: number;
}

export interface BooleanField extends FieldBase {
  type: 'boolean';
  default?: boolean;
}

/** One or several of the question's options, with an optional "Other" free text. */
export interface ChoiceField extends FieldBase {
  type: 'choice';
  multiple: boolean;
  /** Offers "Other" with a text field (AskUserQuestion). */
  other: boolean;
  min_items?: number;
  max_items?: number;
  /** Option values checked at first (MCP `default`: the one exception to "no preselection"). */
  default?: string[];
}

export type QuestionField = TextField | NumberField | BooleanField | ChoiceField;
