/**
 * What a consented link request's card says since the link was opened: nothing yet (`''`),
 * waiting for the server (`waiting`), waiting for a call the person may cancel (`running`), done
 * (`complete`), or the call cancelled since (`cancelled`).
 */
export type LinkState = '' | 'waiting' | 'running' | 'complete' | 'cancelled';
