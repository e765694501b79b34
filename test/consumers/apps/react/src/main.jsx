import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AgentPanel } from './AgentPanel.jsx';
import './app.css';

// The runtime's WebSocket URL comes in the page's query (?agent=ws://…/agent/sessions/<id>).
const src = new URL(window.location.href).searchParams.get('agent');

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <main>
      <h1>React consumer</h1>
      <AgentPanel src={src} />
    </main>
  </StrictMode>,
);
