// A whole translation: every string the kit shows or speaks, in one language, one object per
// string table. The built-in zh-CN and en tables stay split per element, so that each element
// imports only its own; a translation added at run time is one object of this type, so a missing
// key is a type error.
import type { ApprovalStrings } from './approval.js';
import type { ArtifactStrings } from './artifacts.js';
import type { CardStrings } from './card.js';
import type { FieldStrings } from './fields.js';
import type { HostStrings } from './host.js';
import type { InboxStrings } from './inbox.js';
import type { LinkStrings } from './link.js';
import type { McpAppStrings } from './mcp-app.js';
import type { QuestionnaireStrings } from './questionnaire.js';

export interface Translation {
  card: CardStrings;
  approval: ApprovalStrings;
  questionnaire: QuestionnaireStrings;
  artifacts: ArtifactStrings;
  host: HostStrings;
  inbox: InboxStrings;
  fields: FieldStrings;
  link: LinkStrings;
  mcpApp: McpAppStrings;
}
