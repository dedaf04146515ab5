/**
 * Export downloads. The export routes need the bearer token, which a plain link cannot send, so the file
 * is fetched with the same headers as every API call and handed to the browser as a blob URL.
 */
import { httpHeaders } from 'virtual:tickwise-route-table';
import { readPosition } from '../../api/position';
import { readToken } from '../../app/storage';

/** The file name a Content-Disposition header names (RFC 6266: filename* first), or null. */
export function filenameFromDisposition(header: string | null): string | null {
  if (header === null) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended !== undefined) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // Not valid percent-encoding: fall back to the plain parameter.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header)?.[1];
  if (quoted !== undefined) return quoted.replace(/\\(.)/g, '$1');
  const bare = /filename\s*=\s*([^;\s]+)/.exec(header)?.[1];
  return bare ?? null;
}

/** A size for people: 532 B, 12.3 kB, 4.1 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

export interface Downloaded {
  readonly filename: string;
  readonly bytes: number;
}

export interface DownloadDeps {
  readonly fetch?: typeof fetch;
  /** Hands the file to the browser; tests replace it. */
  readonly save?: (blob: Blob, filename: string) => void;
}

/** Offers `blob` as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The download has started from the click; the URL is released a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Fetches `url` with the token (and the read position), then saves the body under the server's file name
 * (or `fallbackName`). A refused request throws an Error whose message is "status: body", as API errors are.
 */
export async function downloadExport(
  url: string,
  fallbackName: string,
  deps: DownloadDeps = {},
): Promise<Downloaded> {
  const headers = new Headers();
  const token = readToken();
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  const position = readPosition();
  if (position !== null) headers.set(httpHeaders.minPosition, position);
  const doFetch = deps.fetch ?? globalThis.fetch.bind(globalThis);
  const response = await doFetch(new URL(url, globalThis.location?.href ?? 'http://localhost/').toString(), {
    headers,
    credentials: 'include',
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new Error(`${response.status}: ${text || response.statusText}`);
  }
  const blob = await response.blob();
  const filename = filenameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  (deps.save ?? saveBlob)(blob, filename);
  return { filename, bytes: blob.size };
}
