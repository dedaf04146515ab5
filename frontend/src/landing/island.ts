/**
 * The signed-out landing page before the app has loaded. The page itself is prerendered HTML (index.html);
 * this small module makes it live without React: the particles drift, the cookie banner appears after
 * 1 s and its Accept/Reject choices are stored, links are ordinary links. The app (React, Chakra UI, the
 * store: most of the JavaScript) loads when the visitor shows an intent — pointing at, touching or
 * focusing a button — and a click on a button starts it and is replayed on the app's own button, so
 * a visitor who only reads the page never pays for it.
 */
import { COOKIE_BANNER_DELAY_MS } from '../app/constants';
import { animateParticles } from '../components/particle-animation';
import {
  acceptAll,
  EARLY_BANNER_FLAG,
  exposeConsent,
  readConsent,
  rejectAll,
} from '../features/cookies/consent';
import { addressOf, findControl } from './replay';

export interface LandingIsland {
  /** Fetches and evaluates the app's code without starting it. */
  readonly preload: () => Promise<unknown>;
  /** Starts the app in the root; resolves once it is running. */
  readonly start: () => Promise<void>;
}

const RENDER_TIMEOUT_MS = 15_000;
/** The early banner's choices, stored without the app. */
const EARLY_CHOICES = /^(Accept|Reject) All$/;

/** Resolves with what `find` finds in `root` once the app has rendered it (the prerendered page gone). */
function appeared<T>(root: HTMLElement, find: () => T | null): Promise<T> {
  return new Promise((resolve, reject) => {
    const found = () => (root.querySelector('[data-prerendered]') === null ? find() : null);
    const first = found();
    if (first !== null) return resolve(first);
    const observer = new MutationObserver(() => {
      const result = found();
      if (result === null) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(result);
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error('the app did not render the landing page'));
    }, RENDER_TIMEOUT_MS);
    observer.observe(root, { childList: true, subtree: true });
  });
}

function showEarlyBanner(landing: HTMLElement): void {
  const banner = landing.querySelector<HTMLElement>('[data-island="cookie-banner"]');
  if (banner === null || readConsent() !== null) return;
  const decide = (choose: () => unknown) => {
    choose();
    banner.hidden = true;
    delete document.documentElement.dataset[EARLY_BANNER_FLAG];
  };
  for (const button of banner.querySelectorAll('button')) {
    const text = button.textContent?.trim();
    if (text === 'Accept All') button.addEventListener('click', () => decide(acceptAll), { once: true });
    if (text === 'Reject All') button.addEventListener('click', () => decide(rejectAll), { once: true });
  }
  banner.hidden = false;
  document.documentElement.dataset[EARLY_BANNER_FLAG] = 'true';
}

/** Runs `task` in a task of its own once the browser has produced a frame. */
function afterFirstFrame(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0));
}

export function wireLanding(root: HTMLElement, island: LandingIsland): void {
  const landing = root.querySelector<HTMLElement>('[data-prerendered="landing"]');
  if (landing === null) return void island.start();
  exposeConsent();
  const canvas = landing.querySelector<HTMLCanvasElement>('canvas[data-testid="particles"]');
  // The field starts after the first frame: handing the canvas to its worker needs the page's layout,
  // which here would be forced inside this script's task instead of being done once, before first paint.
  let stopParticles: () => void = () => undefined;
  let particlesStopped = false;
  if (canvas !== null)
    afterFirstFrame(() => {
      if (!particlesStopped) stopParticles = animateParticles(canvas);
    });
  const bannerTimer = setTimeout(() => showEarlyBanner(landing), COOKIE_BANNER_DELAY_MS);

  let starting: Promise<void> | null = null;
  const start = () => {
    starting ??= (async () => {
      clearTimeout(bannerTimer);
      await island.start();
      particlesStopped = true;
      stopParticles();
    })();
    return starting;
  };
  const intent = (event: Event) => {
    if (event.target instanceof Element && event.target.closest('button') !== null) void island.preload();
  };
  const click = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    // The early banner's own choices are handled above; links stay ordinary links.
    if (button === null || event.defaultPrevented || EARLY_CHOICES.test(button.textContent?.trim() ?? ''))
      return;
    event.preventDefault();
    const address = addressOf(button, landing);
    button.setAttribute('aria-busy', 'true');
    landing.style.cursor = 'progress';
    start()
      .then(() => appeared(root, () => findControl(root, address)))
      .then(
        (same) => {
          same.focus();
          same.click();
        },
        () => {
          button.removeAttribute('aria-busy');
          landing.style.cursor = '';
          starting = null;
        },
      );
  };

  landing.addEventListener('pointerover', intent, { passive: true });
  landing.addEventListener('touchstart', intent, { passive: true });
  landing.addEventListener('focusin', intent);
  landing.addEventListener('click', click);
  landing.removeAttribute('aria-disabled');
  landing.dataset.live = 'true';
}
