// Posting to a group robot's webhook (DingTalk's, WeCom's): both answer HTTP 200 with
// `{errcode, errmsg}`, and only `errcode: 0` means the message was sent.

/** Posts `body` as JSON; rejects with an Error naming the platform and its error (unreachable, HTTP status, `errcode` and `errmsg`). */
export async function postToRobot(platform: string, url: URL | string, body: unknown): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch (error) {
    throw new Error(`${platform}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (!response.ok) throw new Error(`${platform}: HTTP ${response.status}`);
  const answer = (await response.json().catch(() => undefined)) as { errcode?: unknown; errmsg?: unknown } | undefined;
  if (answer?.errcode !== 0) throw new Error(`${platform}: errcode ${String(answer?.errcode)}: ${String(answer?.errmsg ?? 'no errmsg')}`);
}
