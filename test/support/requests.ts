import { executeServerCommand } from '@web/test-runner-commands';

/** Starts recording every request the page makes (a Playwright request listener). */
export const startRecordingRequests = () => executeServerCommand('record-requests', { action: 'start' });

/** Stops recording and returns the URLs requested since the start. */
export const stopRecordingRequests = () => executeServerCommand('record-requests', { action: 'stop' }) as Promise<string[]>;

/** The URLs requested since the start, recording on: for waiting until a request arrives. */
export const recordedRequests = () => executeServerCommand('record-requests', { action: 'peek' }) as Promise<string[]>;
