'use client';
// The card for one `useChat` message part (`agent-interaction-kit/react/ai-sdk`): one line in
// the app's part switch renders approvals and the kit's client-side tools, and answers them
// through the chat's own `addToolApprovalResponse` / `addToolOutput`.
import { createElement, useEffect, useMemo, type ReactElement } from 'react';
import {
  aiSdkCard,
  approvalResponse,
  publishArtifacts,
  toolOutput,
  type AiSdkOptions,
  type AiSdkToolPart,
} from '../adapters/ai-sdk.js';
import type { InteractionResponseEvent } from '../elements/shared/interaction-card.js';
import type { Locale } from '../i18n/locales.js';
import type { DeliveryResult } from '../protocol/results.js';
import { defineHostElements } from '../host/define-elements.js';
import { ApprovalDialog, ArtifactList, QuestionnaireForm } from './components.js';

defineHostElements();

/** What the helper needs of `useChat()`'s return value. */
export interface AiSdkChat {
  addToolApprovalResponse(response: { id: string; approved: boolean; reason?: string }): void | PromiseLike<void>;
  addToolOutput(output: { tool: string; toolCallId: string; output: unknown }): void | PromiseLike<void>;
}

export interface AiSdkToolCardProps {
  part: AiSdkToolPart;
  chat: AiSdkChat;
  options?: AiSdkOptions;
  /** A BCP 47 tag the page has a language for (`en`, or `ja` once its entry is imported); else the nearest `lang`, else the browser's. */
  locale?: Locale;
}

/** Artifact calls already handed to delivery, so a re-render (or React's strict mode) never delivers twice. */
const published = new Set<string>();

/**
 * Renders the kit's card for a tool part, or nothing when the part is not the kit's:
 *
 * ```tsx
 * default: return isToolUIPart(part) ? <AiSdkToolCard key={part.toolCallId} part={part} chat={chat} /> : null;
 * ```
 */
export function AiSdkToolCard({ part, chat, options, locale }: AiSdkToolCardProps): ReactElement | null {
  const approved = part.approval?.approved;
  const inputKey = JSON.stringify(part.input ?? null);
  // A new request object would reset a half-filled form: rebuild only when the part really changed.
  const card = useMemo(() => aiSdkCard(part, options), [part.toolCallId, part.state, inputKey, approved, options]);

  const pendingArtifacts = card?.type === 'artifacts' && !card.output && part.state === 'input-available';
  useEffect(() => {
    if (!pendingArtifacts || card?.type !== 'artifacts' || published.has(part.toolCallId)) return;
    published.add(part.toolCallId);
    void publishArtifacts(card, part.toolCallId, options).then((output) => chat.addToolOutput(output));
  }, [pendingArtifacts, card, part.toolCallId, chat, options]);

  if (!card) return null;
  if (card.type === 'artifacts') {
    const delivery = (card.output as { delivery_result?: DeliveryResult } | undefined)?.delivery_result;
    return createElement(ArtifactList, {
      items: card.items ?? [], delivery, delivering: !card.output, heading: typeof card.input.title === 'string' ? card.input.title : '', locale,
    });
  }
  const onInteractionResponse = (event: InteractionResponseEvent) => {
    if (card.type === 'approval') void chat.addToolApprovalResponse(approvalResponse(part, event.detail));
    else void chat.addToolOutput(toolOutput(card, event.detail, part.toolCallId, options));
  };
  const props = { request: card.request, response: card.response, locale, onInteractionResponse };
  return card.request.kind === 'approval' ? createElement(ApprovalDialog, props) : createElement(QuestionnaireForm, props);
}
