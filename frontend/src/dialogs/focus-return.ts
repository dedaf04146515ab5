/**
 * Focus after a dialog closes: back to what opened it, never left on <body> (WCAG 2.4.3).
 *
 * Chakra's Dialog returns focus from zag's focus trap, and that trap is set up one animation frame after
 * the dialog opens. A dialog closed before that frame (Escape pressed at once, or a frame held back by a
 * busy main thread) never had a trap, so nothing returns focus: the focus inside its content falls to
 * <body> when the content unmounts. `onExitComplete` runs on every close, after any trap has let go and
 * before the content unmounts; focus still lost then is given back.
 */
import { useCallback, useRef } from 'react';

/** Where focus returns: the opener while it is on the page, else the page's main region. */
export function returnTarget(opener: HTMLElement | null): HTMLElement | null {
  return opener?.isConnected ? opener : document.getElementById('main');
}

/** Focus is lost when nothing holds it or it is still in the content of the dialog that closed. */
export function focusIsLost(active: Element | null, closedContent: Element | null): boolean {
  if (active === null || !active.isConnected || active === active.ownerDocument.body) return true;
  return closedContent?.contains(active) ?? false;
}

/** Props for Dialog.Root and a ref for Dialog.Content that bring focus back to `opener` on every close. */
export function useFocusReturn(opener: () => HTMLElement | null) {
  const contentRef = useRef<HTMLDivElement>(null);
  const finalFocusEl = useCallback(() => returnTarget(opener()), [opener]);
  const onExitComplete = useCallback(() => {
    if (!focusIsLost(document.activeElement, contentRef.current)) return;
    finalFocusEl()?.focus({ preventScroll: true });
    // An opener still on the page can refuse focus (hidden or inert while the next screen loads): then the
    // main region takes it, so focus is never left on <body>.
    if (focusIsLost(document.activeElement, contentRef.current))
      document.getElementById('main')?.focus({ preventScroll: true });
  }, [finalFocusEl]);
  return { contentRef, rootProps: { finalFocusEl, onExitComplete } };
}
