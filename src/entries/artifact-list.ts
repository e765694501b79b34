// Registers <artifact-list>.
import { ArtifactList } from '../elements/artifact-list/artifact-list.js';
import { defineElement } from '../elements/shared/define.js';

export { ArtifactList };
defineElement('artifact-list', ArtifactList);

declare global {
  interface HTMLElementTagNameMap {
    'artifact-list': ArtifactList;
  }
}
