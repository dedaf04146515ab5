/** Turning thrown values into the text a person reads. */
import { isApiError } from '../api/base-query';

/**
 * The message to show for `error`: an API error's "status: body" is reduced to the server's own
 * `{ "error": "…" }` text when the body is one; other errors show their message; else `fallback`.
 */
export function errorText(error: unknown, fallback: string): string {
  const message = isApiError(error) || error instanceof Error ? error.message : '';
  // Nothing after the status ("401: " from an empty body without status text): say it in words.
  if (message === '' || /^\d{3}:\s*$/.test(message)) return fallback;
  const match = /^\d{3}: (\{[\s\S]*\})$/.exec(message);
  if (match?.[1] !== undefined) {
    try {
      const body: unknown = JSON.parse(match[1]);
      if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string') {
        return body.error || fallback;
      }
    } catch {
      // Not JSON after all: show the message as it is.
    }
  }
  return message;
}
