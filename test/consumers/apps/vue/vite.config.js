import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

// The kit's tags are custom elements, not Vue components (as docs/embedding.md says).
const KIT_TAGS = ['interaction-host', 'approval-dialog', 'questionnaire-form', 'artifact-list'];

export default defineConfig({
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => KIT_TAGS.includes(tag) } } })],
});
