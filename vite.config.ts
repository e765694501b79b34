import { defineConfig } from 'vite';

// The demo page (`npm start`). Lit's decorators need the legacy transform: see tsconfig.json.
export default defineConfig({
  root: 'demo',
  server: { host: '127.0.0.1', strictPort: false },
  clearScreen: false,
});
