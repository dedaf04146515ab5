/**
 * Browser storage, by the product's keys. Every access tolerates storage that is missing or refuses
 * (private modes, quotas): reads then give null and writes do nothing.
 */
export const storageKeys = {
  /** localStorage: the bearer token. */
  token: 'token',
  /** localStorage: 'accepted' | 'rejected' | 'customized'. */
  cookieConsent: 'cookie-consent',
  /** localStorage: JSON of { necessary, functional, analytics, marketing }. */
  cookiePreferences: 'cookie-preferences',
  /** sessionStorage: the highest event-log position this tab has written (read your writes). */
  position: 'tickwise-position',
  /** sessionStorage: JSON { userId, keys } of the acknowledgment boxes ticked in the compliance dialog. */
  ticked: 'tickwise-ticked',
} as const;

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return null;
  }
}

export function readItem(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(which: Area, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Storage full or refused: the app carries on without persisting.
  }
}

export function removeItem(which: Area, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // Nothing to do.
  }
}

/** The stored bearer token, or null. */
export const readToken = (): string | null => readItem('local', storageKeys.token);
export const writeToken = (token: string): void => writeItem('local', storageKeys.token, token);
export const removeToken = (): void => removeItem('local', storageKeys.token);
