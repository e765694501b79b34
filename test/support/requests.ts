import { executeServerCommand } from '@web/test-runner-commands';

// The test server listens on loopback addresses other than the page's (scripts/wtr-requests.js),
// on a port of this test file's own, and records what each was asked for.
const port = (await executeServerCommand('foreign-origins')) as number;

/** A foreign origin whose requests are recorded: `http://127.0.0.<host>:<this file's port>`. */
export const foreignOrigin = (host: 2 | 3 | 7 | 9) => `http://127.0.0.${host}:${port}`;

/** Starts recording the requests made to this file's foreign origins. */
export const startRecordingRequests = () => executeServerCommand('record-requests', { action: 'start' });

/** Stops recording and returns the URLs requested from them since the start. */
export const stopRecordingRequests = () => executeServerCommand('record-requests', { action: 'stop' }) as Promise<string[]>;

/** The URLs requested since the start, recording on: for waiting until a request arrives. */
export const recordedRequests = () => executeServerCommand('record-requests', { action: 'peek' }) as Promise<string[]>;
