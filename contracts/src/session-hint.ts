/**
 * The one inline script of index.html. It runs before the page paints: a visitor with a stored session
 * should not see the prerendered landing page flash before the app has checked who they are (boot.tsx
 * removes the class when it takes over). Inline, so it does not delay the first paint by a request; the
 * Content-Security-Policy allows exactly this text by its hash (`inlineScriptHashes` in the platform).
 */
export const SESSION_HINT_SCRIPT =
  "try{if(localStorage.getItem('token'))document.documentElement.classList.add('has-session')}catch(_){}";
