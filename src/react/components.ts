// The React wrappers, with typed event props, from @lit/react. No side effects: the entries that
// use them (`agent-interaction-kit/react`, `…/react/ai-sdk`) register the tags themselves.
import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import { ApprovalDialog as ApprovalDialogElement } from '../elements/approval-dialog/approval-dialog.js';
import { ArtifactList as ArtifactListElement } from '../elements/artifact-list/artifact-list.js';
import { QuestionnaireForm as QuestionnaireFormElement } from '../elements/questionnaire-form/questionnaire-form.js';
import type { InteractionResponseEvent } from '../elements/shared/interaction-card.js';
import { InteractionHost as InteractionHostElement } from '../host/interaction-host.js';
import type { ConnectionChangeEvent, InteractionRequestEvent, InteractionWaitingEvent, ToolResultEvent } from '../host/host-events.js';

const responseEvents = {
  onInteractionResponse: 'interaction-response' as EventName<InteractionResponseEvent>,
};

export const ApprovalDialog = createComponent({
  tagName: 'approval-dialog',
  elementClass: ApprovalDialogElement,
  react: React,
  events: responseEvents,
});

export const QuestionnaireForm = createComponent({
  tagName: 'questionnaire-form',
  elementClass: QuestionnaireFormElement,
  react: React,
  events: responseEvents,
});

export const ArtifactList = createComponent({
  tagName: 'artifact-list',
  elementClass: ArtifactListElement,
  react: React,
});

export const InteractionHost = createComponent({
  tagName: 'interaction-host',
  elementClass: InteractionHostElement,
  react: React,
  events: {
    ...responseEvents,
    onInteractionRequest: 'interaction-request' as EventName<InteractionRequestEvent>,
    onToolResult: 'tool-result' as EventName<ToolResultEvent>,
    onConnectionChange: 'connection-change' as EventName<ConnectionChangeEvent>,
    onInteractionWaiting: 'interaction-waiting' as EventName<InteractionWaitingEvent>,
  },
});
