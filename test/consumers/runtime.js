// The agent runtime of a consumer app: a Node process that imports the installed package's
// ./agent export by name, as a user's runtime does, and admits only the app's origin. The test
// drives it over IPC: it sends {id, session, tool, args}, gets back {id, result} or {id, error}.
// It exits when the test disconnects (or dies).
import { createAgentServer } from 'agent-interaction-kit/agent';

const server = await createAgentServer({
  port: 0,
  host: '127.0.0.1',
  allowedOrigins: [process.env.APP_ORIGIN],
  contextFor: () => ({ channel: 'desktop', locale: 'en' }),
});
process.send({ port: server.port });

process.on('message', async ({ id, session, tool, args }) => {
  try {
    process.send({ id, result: await server.session(session).callTool(tool, args) });
  } catch (error) {
    process.send({ id, error: String(error?.stack ?? error) });
  }
});
process.on('disconnect', () => {
  void server.close().finally(() => process.exit(0));
});
