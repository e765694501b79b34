import { InteractionHost } from 'agent-interaction-kit/react';

export function AgentPanel({ src }) {
  return (
    <InteractionHost
      src={src}
      locale="en"
      onToolResult={(event) => console.log(event.detail)}
      onConnectionChange={(event) => console.log(event.detail.state)}
    />
  );
}
