/**
 * Reads started by the entry script, before the page's modules are in: a page asks the API for what it shows
 * first while its own scripts still load, instead of one round trip after them (docs/architecture.md).
 * Each answer is taken once by the API client, for the same URL and token (`HttpClientConfig.readAhead`);
 * one nobody takes within `READ_AHEAD_MS` is dropped, and the page then asks again as it would have anyway.
 */
export const READ_AHEAD_MS = 10_000;

interface EarlyRead {
  token: string | null;
  startedAt: number;
  response: Promise<Response>;
}

const reads = new Map<string, EarlyRead>();

/**
 * Starts a plain GET of each URL as the API client would send it: with the token, or without one (null) for a
 * public read (reference data, the captcha's configuration).
 */
export function readAhead(urls: readonly string[], token: string | null): void {
  const startedAt = Date.now();
  const headers: Record<string, string> = token === null ? { Accept: 'application/json' } : { Accept: 'application/json', Authorization: token };
  for (const url of urls) {
    const response = fetch(url, { headers });
    // Taken or not, a failed read is no unhandled rejection; the client reports it to the page that takes it.
    response.catch(() => undefined);
    reads.set(url, { token, startedAt, response });
  }
  setTimeout(() => {
    for (const [url, read] of reads) if (read.startedAt === startedAt) reads.delete(url);
  }, READ_AHEAD_MS);
}

/** The early answer for this URL and token, once; nothing when there is none or it is for another token or too old. */
export function takeReadAhead(url: string, token: string | null): Promise<Response> | undefined {
  const read = reads.get(url);
  if (!read) return undefined;
  reads.delete(url);
  if (read.token !== token || Date.now() - read.startedAt > READ_AHEAD_MS) return undefined;
  return read.response;
}
