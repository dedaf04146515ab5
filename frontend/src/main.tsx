/**
 * The entry point is tiny on purpose. The prerendered landing page (index.html) paints first. A signed-out
 * visitor on the landing page gets it live without the app (landing/island.ts): the app's code loads on
 * the first sign of intent. Everyone else gets the app at once, loaded and evaluated in stages — React,
 * then Chakra UI and the theme, then the app — each in its own task, so the main thread is never blocked
 * for long. A hidden tab, which does not paint, starts after a short delay.
 */
import { wireLanding } from './landing/island';

const container = document.getElementById('root');
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let appCode: Promise<typeof import('./boot')> | null = null;
const loadApp = () => {
  appCode ??= (async () => {
    await import('react-dom/client');
    await nextTask();
    await import('./theme/system');
    await nextTask();
    return import('./boot');
  })();
  return appCode;
};

let started = false;
const startApp = async (root: HTMLElement) => {
  const { boot } = await loadApp();
  if (started) return;
  started = true;
  boot(root);
};

const signedOutLanding =
  container?.querySelector('[data-prerendered="landing"]') &&
  !document.documentElement.classList.contains('has-session') &&
  window.location.pathname === '/';

if (container !== null && signedOutLanding) {
  wireLanding(container, { preload: loadApp, start: () => startApp(container) });
} else if (container !== null) {
  const start = () => void startApp(container);
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 300);
}
