/**
 * Cookie consent: the status ('accepted', 'rejected' or 'customized') and the preferences,
 * kept in localStorage. Tickwise loads no third-party trackers; the state is exposed on
 * `window.tickwiseConsent` and announced with a 'tickwise:consent' event for anything that would honour it
 * (in the vocabulary of consent modes: analytics_storage and ad_storage granted or denied).
 */
import { readItem, storageKeys, writeItem } from '../../app/storage';

export type ConsentStatus = 'accepted' | 'rejected' | 'customized';

export interface CookiePreferences {
  /** Always on: the service cannot work without it. */
  readonly necessary: true;
  readonly functional: boolean;
  readonly analytics: boolean;
  readonly marketing: boolean;
}

export interface ConsentState {
  readonly status: ConsentStatus;
  readonly preferences: CookiePreferences;
  readonly analyticsStorage: 'granted' | 'denied';
  readonly adStorage: 'granted' | 'denied';
}

export const CONSENT_EVENT = 'tickwise:consent';

/**
 * Set on <html> (data-cookie-banner-shown) while the prerendered page's banner is showing, before the app
 * has loaded (landing/island.ts): the app then keeps its banner open from its first render.
 */
export const EARLY_BANNER_FLAG = 'cookieBannerShown';

/** The banner was shown before the app loaded and no choice has been made since. */
export const bannerAlreadyShown = (): boolean =>
  typeof document !== 'undefined' &&
  document.documentElement.dataset[EARLY_BANNER_FLAG] === 'true' &&
  readConsent() === null;

declare global {
  interface Window {
    /** The visitor's cookie choice, or null before one is made. */
    tickwiseConsent?: ConsentState | null;
  }
}

export const onlyNecessary: CookiePreferences = {
  necessary: true,
  functional: false,
  analytics: false,
  marketing: false,
};
export const everything: CookiePreferences = {
  necessary: true,
  functional: true,
  analytics: true,
  marketing: true,
};

const statuses: readonly string[] = ['accepted', 'rejected', 'customized'];
const isStatus = (value: string | null): value is ConsentStatus => value !== null && statuses.includes(value);

function parsePreferences(raw: string | null): CookiePreferences {
  try {
    const parsed: unknown = raw === null ? null : JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return onlyNecessary;
    const flag = (key: string) => (parsed as Record<string, unknown>)[key] === true;
    return {
      necessary: true,
      functional: flag('functional'),
      analytics: flag('analytics'),
      marketing: flag('marketing'),
    };
  } catch {
    return onlyNecessary;
  }
}

function stateOf(status: ConsentStatus, preferences: CookiePreferences): ConsentState {
  return {
    status,
    preferences,
    analyticsStorage: preferences.analytics ? 'granted' : 'denied',
    adStorage: preferences.marketing ? 'granted' : 'denied',
  };
}

/** The stored choice, or null when none is stored (the banner then appears). */
export function readConsent(): ConsentState | null {
  const status = readItem('local', storageKeys.cookieConsent);
  if (!isStatus(status)) return null;
  return stateOf(status, parsePreferences(readItem('local', storageKeys.cookiePreferences)));
}

/** Publishes the stored choice on `window.tickwiseConsent` (at start-up). */
export function exposeConsent(): void {
  window.tickwiseConsent = readConsent();
}

function save(status: ConsentStatus, preferences: CookiePreferences): ConsentState {
  writeItem('local', storageKeys.cookieConsent, status);
  writeItem('local', storageKeys.cookiePreferences, JSON.stringify(preferences));
  const state = stateOf(status, preferences);
  window.tickwiseConsent = state;
  window.dispatchEvent(new CustomEvent<ConsentState>(CONSENT_EVENT, { detail: state }));
  return state;
}

/** Accept All: every category on; analytics and ad storage granted. */
export const acceptAll = (): ConsentState => save('accepted', everything);
/** Reject All: only the necessary category. */
export const rejectAll = (): ConsentState => save('rejected', onlyNecessary);
/** Save Preferences: the visitor's own choice. */
export const savePreferences = (preferences: Omit<CookiePreferences, 'necessary'>): ConsentState =>
  save('customized', { ...preferences, necessary: true });
