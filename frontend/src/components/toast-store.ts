/**
 * Toasts: one at a time (a new one replaces the one shown), shown 5,000 ms by default; a
 * dismissed toast is closed at once and removed from the store after 1,000,000 ms.
 */
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '../app/constants';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastOptions {
  readonly title: string;
  readonly description?: string;
  readonly variant?: ToastVariant;
  /** Milliseconds before it dismisses itself; default 5,000. */
  readonly duration?: number;
}

export interface Toast extends Required<Omit<ToastOptions, 'description'>> {
  readonly id: number;
  readonly description: string | undefined;
  readonly open: boolean;
}

type Listener = () => void;

export interface ToastStore {
  toast(options: ToastOptions): number;
  dismiss(id?: number): void;
  getSnapshot(): readonly Toast[];
  subscribe(listener: Listener): () => void;
}

export function createToastStore(): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const remove = (id: number) => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  };
  const dismiss = (id?: number) => {
    let changed = false;
    toasts = toasts.map((t) => {
      if ((id !== undefined && t.id !== id) || !t.open) return t;
      changed = true;
      const auto = timers.get(t.id);
      if (auto !== undefined) clearTimeout(auto);
      timers.set(
        t.id,
        setTimeout(() => {
          timers.delete(t.id);
          remove(t.id);
        }, TOAST_REMOVE_DELAY_MS),
      );
      return { ...t, open: false };
    });
    if (changed) emit();
  };
  return {
    toast(options) {
      const id = nextId++;
      const toast: Toast = {
        id,
        title: options.title,
        description: options.description,
        variant: options.variant ?? 'default',
        duration: options.duration ?? TOAST_DURATION_MS,
        open: true,
      };
      for (const old of toasts.slice(TOAST_LIMIT - 1)) {
        const timer = timers.get(old.id);
        if (timer !== undefined) clearTimeout(timer);
        timers.delete(old.id);
      }
      toasts = [toast, ...toasts].slice(0, TOAST_LIMIT);
      timers.set(
        id,
        setTimeout(() => dismiss(id), toast.duration),
      );
      emit();
      return id;
    },
    dismiss,
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's toasts. */
export const toastStore = createToastStore();
export const toast = (options: ToastOptions): number => toastStore.toast(options);
export const dismissToast = (id?: number): void => toastStore.dismiss(id);
