/**
 * The entry point is tiny on purpose. The prerendered landing page (index.html) paints first; then the
 * app's code is loaded and evaluated in stages — React, then Chakra UI and the theme, then the app — each
 * in its own task, so the main thread is never blocked for long. A hidden tab, which does not paint,
 * starts after a short delay.
 */
const container = document.getElementById('root');
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function load(root: HTMLElement): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  await import('./theme/system');
  await nextTask();
  const { boot } = await import('./boot');
  boot(root);
}

let started = false;
const start = () => {
  if (started || container === null) return;
  started = true;
  void load(container);
};
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 300);
