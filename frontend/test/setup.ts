import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { takeContractBreaks } from './fetch';

// findBy… and waitFor wait up to 10 s (default 1 s): lazy screens load through dynamic imports, and CI runs
// these suites beside real servers and a browser on two cores. A real failure still fails, only later.
configure({ asyncUtilTimeout: 10_000 });

// What jsdom lacks and Chakra UI (zag) or the app use.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
for (const name of ['ResizeObserver', 'IntersectionObserver'] as const) {
  if (!(name in window))
    Object.defineProperty(window, name, { configurable: true, writable: true, value: NoopObserver });
}
if (!('PointerEvent' in window)) {
  class PointerEventPolyfill extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    readonly isPrimary: boolean;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
      this.isPrimary = init.isPrimary ?? true;
    }
  }
  Object.defineProperty(window, 'PointerEvent', {
    configurable: true,
    writable: true,
    value: PointerEventPolyfill,
  });
}
window.scrollTo = () => undefined;
Element.prototype.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;
// jsdom has no canvas: report none (tests that draw provide their own context).
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  takeContractBreaks();
});

// A fake answer that drifts from the contracts fails its test (test/fetch.ts).
afterEach(() => {
  expect(takeContractBreaks()).toEqual([]);
});
