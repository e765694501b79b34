// No bundler: the page and the package's standalone file, copied side by side.
import { copyFileSync, mkdirSync } from 'node:fs';

mkdirSync('dist', { recursive: true });
copyFileSync('node_modules/agent-interaction-kit/dist/agent-interaction-kit.js', 'dist/agent-interaction-kit.js');
copyFileSync('index.html', 'dist/index.html');
