import { wireLanding } from './island';

const page = (prefix: string) => `
  <nav aria-label="Main"><button>Login</button></nav>
  <section><button>Start Learning Free</button><button>Login</button></section>
  <div data-island="cookie-banner" hidden>
    <div role="region" aria-label="Cookie consent">
      <button>Cookie Settings</button><button>Reject All</button><button>Accept All</button>
    </div>
  </div>
  <a href="/privacy-policy">${prefix} Privacy Policy</a>`;

function prerendered(): HTMLElement {
  document.body.innerHTML = `<div id="root"><div data-prerendered="landing" aria-disabled="true">${page('Our')}</div></div>`;
  const root = document.getElementById('root');
  if (root === null) throw new Error('no root');
  return root;
}

/** Stands in for the app: renders the same page (its own buttons) and records what was clicked. */
function fakeApp(root: HTMLElement) {
  const clicked: string[] = [];
  const start = jest.fn(async () => {
    await Promise.resolve();
    root.innerHTML = page('The app’s');
    for (const button of root.querySelectorAll('button')) {
      const where = button.parentElement?.closest('[aria-label]')?.getAttribute('aria-label') ?? 'page';
      button.addEventListener('click', () => clicked.push(`${button.textContent} in ${where}`));
    }
  });
  return { clicked, start, preload: jest.fn(async () => undefined) };
}

const button = (root: HTMLElement, name: string, index = 0) => {
  const found = [...root.querySelectorAll('button')].filter((b) => b.textContent === name)[index];
  if (found === undefined) throw new Error(`no button ${name}`);
  return found;
};

const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

beforeEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.cookieBannerShown;
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

test('the prerendered page becomes live without starting the app', () => {
  const root = prerendered();
  const app = fakeApp(root);
  wireLanding(root, app);
  const landing = root.querySelector('[data-prerendered]');
  expect(landing).not.toHaveAttribute('aria-disabled');
  expect(landing).toHaveAttribute('data-live', 'true');
  expect(app.start).not.toHaveBeenCalled();
  expect(app.preload).not.toHaveBeenCalled();
});

test('the cookie banner appears after 1 s and a choice is stored without the app', () => {
  const root = prerendered();
  const app = fakeApp(root);
  wireLanding(root, app);
  const banner = root.querySelector<HTMLElement>('[data-island="cookie-banner"]');
  jest.advanceTimersByTime(999);
  expect(banner?.hidden).toBe(true);
  jest.advanceTimersByTime(1);
  expect(banner?.hidden).toBe(false);
  expect(document.documentElement.dataset.cookieBannerShown).toBe('true');

  button(root, 'Reject All').click();
  expect(localStorage.getItem('cookie-consent')).toBe('rejected');
  expect(banner?.hidden).toBe(true);
  expect(document.documentElement.dataset.cookieBannerShown).toBeUndefined();
  expect(app.start).not.toHaveBeenCalled();
});

test('with a stored choice the banner stays hidden', () => {
  localStorage.setItem('cookie-consent', 'accepted');
  const root = prerendered();
  wireLanding(root, fakeApp(root));
  jest.advanceTimersByTime(2000);
  expect(root.querySelector<HTMLElement>('[data-island="cookie-banner"]')?.hidden).toBe(true);
});

test('pointing at a button loads the app’s code; pointing at text does not', () => {
  const root = prerendered();
  const app = fakeApp(root);
  wireLanding(root, app);
  root.querySelector('a')?.dispatchEvent(new Event('pointerover', { bubbles: true }));
  expect(app.preload).not.toHaveBeenCalled();
  button(root, 'Start Learning Free').dispatchEvent(new Event('pointerover', { bubbles: true }));
  expect(app.preload).toHaveBeenCalledTimes(1);
});

test('a click starts the app and is replayed on the app’s own button, in the same place', async () => {
  const root = prerendered();
  const app = fakeApp(root);
  wireLanding(root, app);
  const second = button(root, 'Login', 1);
  second.click();
  expect(second).toHaveAttribute('aria-busy', 'true');
  await settle();
  expect(app.start).toHaveBeenCalledTimes(1);
  expect(app.clicked).toEqual(['Login in page']);
  expect(document.activeElement?.textContent).toBe('Login');
  expect(root.querySelector('[data-prerendered]')).toBeNull();
});

test('the banner’s Cookie Settings starts the app and opens them there', async () => {
  const root = prerendered();
  const app = fakeApp(root);
  wireLanding(root, app);
  jest.advanceTimersByTime(1000);
  button(root, 'Cookie Settings').click();
  await settle();
  expect(app.clicked).toEqual(['Cookie Settings in Cookie consent']);
});

test('when the app cannot load, the button is usable again and the next click retries', async () => {
  const root = prerendered();
  const app = fakeApp(root);
  const working = app.start.getMockImplementation();
  app.start.mockImplementationOnce(async () => {
    throw new Error('offline');
  });
  if (working !== undefined) app.start.mockImplementation(working);
  wireLanding(root, app);
  const start = button(root, 'Start Learning Free');
  start.click();
  await settle();
  expect(start).not.toHaveAttribute('aria-busy');
  start.click();
  await settle();
  expect(app.start).toHaveBeenCalledTimes(2);
  expect(app.clicked).toEqual(['Start Learning Free in page']);
});
