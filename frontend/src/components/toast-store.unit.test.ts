import { createToastStore } from './toast-store';

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows one at a time: a new toast replaces the one shown', () => {
    const store = createToastStore();
    store.toast({ title: 'First' });
    store.toast({ title: 'Second', variant: 'destructive' });
    expect(store.getSnapshot().map((t) => [t.title, t.variant, t.open])).toEqual([
      ['Second', 'destructive', true],
    ]);
  });

  it('dismisses itself after 5,000 ms by default and is removed 1,000,000 ms later', () => {
    const store = createToastStore();
    store.toast({ title: 'Saved' });
    jest.advanceTimersByTime(4999);
    expect(store.getSnapshot()[0]?.open).toBe(true);
    jest.advanceTimersByTime(1);
    expect(store.getSnapshot()[0]?.open).toBe(false);
    jest.advanceTimersByTime(999_999);
    expect(store.getSnapshot()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('honours a custom duration and an early dismissal', () => {
    const store = createToastStore();
    const id = store.toast({ title: 'Quick', duration: 1000 });
    jest.advanceTimersByTime(1000);
    expect(store.getSnapshot()[0]?.open).toBe(false);
    const other = store.toast({ title: 'Manual' });
    store.dismiss(other);
    expect(store.getSnapshot().find((t) => t.id === other)?.open).toBe(false);
    expect(store.getSnapshot().some((t) => t.id === id)).toBe(false);
  });

  it('tells subscribers about every change', () => {
    const store = createToastStore();
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);
    store.toast({ title: 'Hello' });
    store.dismiss();
    unsubscribe();
    store.toast({ title: 'Unheard' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
