// React wrappers (`agent-interaction-kit/react`), with typed event props, from @lit/react. The
// entry registers the tags itself, so that its registration is never moved into a shared chunk.
import { defineHostElements } from '../host/define-elements.js';

export { ApprovalDialog, ArtifactList, InteractionHost, QuestionnaireForm } from './components.js';
defineHostElements();
