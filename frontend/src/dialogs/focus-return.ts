/**
 * Focus after a dialog closes: back to what opened it, never left on <body> (WCAG 2.4.3).
 *
 * Chakra's Dialog returns focus from zag's focus trap, and that trap is set up one animation frame after
 * the dialog opens. A dialog closed before that frame (Escape pressed at once, or a frame held back by a
 * busy main thread) never had a trap, so nothing returns focus: the focus inside its content falls to
 * <body> when the content unmounts. `onExitComplete` runs on every close, after any trap has let go and
 * before the content unmounts; focus still lost then is given back.
 */
import { useCallback, useEffect, useRef } from 'react';

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

/** Whether an element that had focus can no longer hold it: gone from the page, disabled or hidden. */
export function cannotHoldFocus(element: Element): boolean {
  if (!element.isConnected || element.matches(':disabled')) return true;
  return element instanceof HTMLElement && element.checkVisibility?.() === false;
}

const DIALOG = '[role="dialog"], [role="alertdialog"]';

/**
 * Where focus goes when its element cannot hold it: the open dialog it was in, or `main` if it was in none. In
 * a dialog that is closing (or gone) nothing: the dialog gives focus back to its opener itself. (The dialog is
 * the one the element was in when it got focus: a removed element no longer knows its ancestors.)
 */
function rescueTarget(dialog: HTMLElement | null, main: HTMLElement | null): HTMLElement | null {
  if (!dialog) return main;
  const open = dialog.isConnected && dialog.dataset.state !== 'closed' && !cannotHoldFocus(dialog);
  return open ? dialog : null;
}

/**
 * Focus whose element can no longer hold it goes to the dialog around it or to `main`, never to <body>:
 * a submit button disabled while its request runs, or a screen that replaces another (signing in swaps the
 * landing page for the holding screen) would otherwise drop focus to <body>, and a keyboard or
 * screen-reader user would start again from the top. Focus the user moved away on purpose stays put.
 */
export function useFocusRescue(main: () => HTMLElement | null) {
  useEffect(() => {
    let focused: Element | null = null;
    let focusedDialog: HTMLElement | null = null;
    const remember = (element: Element | null) => {
      focused = element;
      focusedDialog = element?.closest<HTMLElement>(DIALOG) ?? null;
    };
    remember(document.activeElement);
    const rescue = () => {
      if (focused === null || !cannotHoldFocus(focused) || !focusIsLost(document.activeElement, null)) return;
      const target = rescueTarget(focusedDialog, main());
      target?.focus({ preventScroll: true });
      if (target && document.activeElement === target) remember(target);
    };
    const onFocusIn = (event: FocusEvent) => remember(event.target instanceof Element ? event.target : null);
    // A blur with nowhere to go: the element may just have been disabled or hidden; look once it settled.
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget === null) queueMicrotask(rescue);
    };
    const observer = new MutationObserver(rescue);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, [main]);
}
