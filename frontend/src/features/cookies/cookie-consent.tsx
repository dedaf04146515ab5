/**
 * The cookie banner (1 s after load when no consent is stored) and the settings dialog, which can also be
 * opened later (footer 'Cookie Settings'). The dialog's code loads on first use.
 */
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { COOKIE_BANNER_DELAY_MS } from '../../app/constants';
import { CookieBanner } from './CookieBanner';
import {
  acceptAll,
  bannerAlreadyShown,
  type CookiePreferences,
  exposeConsent,
  onlyNecessary,
  readConsent,
  rejectAll,
  savePreferences,
} from './consent';

const LazySettings = lazy(() =>
  import('./CookieSettingsDialog').then((m) => ({ default: m.CookieSettingsDialog })),
);

interface CookieConsentApi {
  openSettings(): void;
}

const CookieConsentContext = createContext<CookieConsentApi>({ openSettings: () => undefined });

export function CookieConsentProvider({ children }: { readonly children: ReactNode }) {
  const [bannerOpen, setBannerOpen] = useState(bannerAlreadyShown);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  const [initial, setInitial] = useState<CookiePreferences>(onlyNecessary);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    exposeConsent();
    if (readConsent() !== null || bannerAlreadyShown()) return undefined;
    const timer = setTimeout(() => setBannerOpen(true), COOKIE_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const openSettings = useCallback(() => {
    const active = document.activeElement;
    returnFocus.current = active instanceof HTMLElement ? active : null;
    setInitial(readConsent()?.preferences ?? onlyNecessary);
    setSettingsLoaded(true);
    setSettingsOpen(true);
  }, []);
  const decided = useCallback((decide: () => void) => {
    decide();
    setBannerOpen(false);
    setSettingsOpen(false);
  }, []);
  const finalFocus = useCallback(() => returnFocus.current, []);
  const api = useMemo(() => ({ openSettings }), [openSettings]);

  return (
    <CookieConsentContext.Provider value={api}>
      {children}
      {bannerOpen ? (
        <CookieBanner
          onAcceptAll={() => decided(acceptAll)}
          onRejectAll={() => decided(rejectAll)}
          onSettings={openSettings}
        />
      ) : null}
      {settingsLoaded ? (
        <Suspense fallback={null}>
          <LazySettings
            open={settingsOpen}
            onClose={() => setSettingsOpen(false)}
            initial={initial}
            onSave={(preferences) => decided(() => savePreferences(preferences))}
            onAcceptAll={() => decided(acceptAll)}
            finalFocus={finalFocus}
          />
        </Suspense>
      ) : null}
    </CookieConsentContext.Provider>
  );
}

export const useCookieConsent = (): CookieConsentApi => useContext(CookieConsentContext);
