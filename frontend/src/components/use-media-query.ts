import { useSyncExternalStore } from 'react';

/** Below Chakra's md breakpoint (48em): a phone held upright. */
export const PHONE_WIDTH = '(max-width: 47.99em)';

/**
 * Whether `query` matches now, following changes. For layouts that differ in structure, not just in
 * style (a table on a desktop, cards on a phone), where rendering both and hiding one would repeat every
 * control for assistive technology. False where matchMedia is missing.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => false,
  );
}
