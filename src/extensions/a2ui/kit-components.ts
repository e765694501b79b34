// The elements that draw the kit's A2UI components: each reads its component's properties (the
// kit's tool arguments), normalises them as the kit's runtime would, shows the kit's own card
// with its rules, and sends the answer back as an A2UI action named after the tool, whose
// context is the tool's typed result.
import { A2uiLitElement, type ComponentApi } from '@a2ui/web_core/v0_9';
import { html, nothing, type TemplateResult } from 'lit';
import type { ToolName } from '../../protocol/constants.js';
import { isRecord } from '../../protocol/constants.js';
import type { InteractionRequest } from '../../protocol/request.js';
import { checkToolArguments } from '../../protocol/tool-arguments.js';
import { undeliveredParts } from '../../rules/artifacts/deliver.js';
import { toArtifact, type Artifact } from '../../rules/artifacts/prepare.js';
import { toText } from '../../rules/coerce.js';
import { resolveContext } from '../../rules/context.js';
import { normalizeToolCall } from '../../rules/normalize.js';
import { toolResultFor } from '../../rules/results.js';
import type { InteractionResponseEvent } from '../../elements/shared/interaction-card.js';
import { kitComponentApi } from './kit-catalog.js';

/** The component's properties as the tool's arguments: what A2UI adds to a component (id, component, accessibility) left out. */
function toolArgs(props: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, component: _component, accessibility: _accessibility, ...args } = props;
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined));
}

/** A card component: its request, made once per set of properties, and its answer sent as an action. */
abstract class KitCardElement extends A2uiLitElement<ComponentApi> {
  protected abstract readonly tool: Exclude<ToolName, 'publish_artifacts'>;
  private made: { key: string; request: InteractionRequest | undefined } | undefined;

  /** The request the properties make, or undefined when the kit would refuse them (said in the console, shown as nothing). */
  protected request(): InteractionRequest | undefined {
    const args = toolArgs((this.controller.props ?? {}) as Record<string, unknown>);
    const key = JSON.stringify(args);
    if (this.made?.key === key) return this.made.request;
    const issues = checkToolArguments(this.tool, args);
    if (issues.length > 0) console.error(`A2UI ${this.tool}: ${issues.map((issue) => `${issue.path} must be ${issue.expected}`).join('; ')}`);
    const ids = { request_id: `${this.context.componentModel.id}`, session_id: '' };
    const request = issues.length > 0 ? undefined : normalizeToolCall(this.tool, args, ids, resolveContext());
    this.made = { key, request };
    return request;
  }

  /** The card's answer as the A2UI action: named after the tool, its context the tool's typed result. */
  protected readonly answered = (event: InteractionResponseEvent): void => {
    const request = this.made?.request;
    if (!request) return;
    const result = toolResultFor(request, event.detail, { resultLanguage: 'en' });
    void this.context.dispatchAction({ event: { name: this.tool, context: result } });
  };
}

/** `Approval`: the kit's `<approval-dialog>` for `request_user_approval`'s arguments. */
export class KitA2uiApproval extends KitCardElement {
  protected override readonly api: ComponentApi = kitComponentApi('Approval');
  protected readonly tool = 'request_user_approval' as const;
  override render(): TemplateResult | typeof nothing {
    const request = this.request();
    return request ? html`<approval-dialog .request=${request} @interaction-response=${this.answered}></approval-dialog>` : nothing;
  }
}

/** `Input`: the kit's `<questionnaire-form>` for `request_user_input`'s arguments. */
export class KitA2uiInput extends KitCardElement {
  protected override readonly api: ComponentApi = kitComponentApi('Input');
  protected readonly tool = 'request_user_input' as const;
  override render(): TemplateResult | typeof nothing {
    const request = this.request();
    return request ? html`<questionnaire-form .request=${request} @interaction-response=${this.answered}></questionnaire-form>` : nothing;
  }
}

/** `Artifacts`: the kit's `<artifact-list>` of the files `publish_artifacts`'s arguments name (listed, not delivered); it answers nothing. */
export class KitA2uiArtifacts extends A2uiLitElement<ComponentApi> {
  protected override readonly api: ComponentApi = kitComponentApi('Artifacts');
  override render(): TemplateResult | typeof nothing {
    const args = toolArgs((this.controller.props ?? {}) as Record<string, unknown>);
    const items = toArtifacts(args.items);
    return html`<artifact-list .items=${undeliveredParts(items, 'auto', '')} heading=${toText(args.title) || nothing}></artifact-list>`;
  }
}

/** The items the kit would list, each read by its rules (a safe URL, a name, a mime type). */
function toArtifacts(raw: unknown): Artifact[] {
  return Array.isArray(raw) ? raw.flatMap((item) => (isRecord(item) ? (toArtifact(item) ?? []) : [])) : [];
}
