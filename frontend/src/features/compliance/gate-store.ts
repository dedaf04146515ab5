/**
 * Who opened the gate dialog and whether it is open: the registration hand-off (800 ms after register)
 * and the holding screen (1 s after it shows) share one dialog, rendered by the holding screen's slot.
 * A plain store without React, so the registration dialog that calls the hand-off stays small.
 */
export type GateMode = 'registration' | 'holding';

export interface GateState {
  readonly open: boolean;
  readonly mode: GateMode;
  /** Whether the dialog has been opened since the page loaded (the holding screen opens it only once). */
  readonly everOpened: boolean;
}

type Listener = () => void;

export interface GateStore {
  getSnapshot(): GateState;
  subscribe(listener: Listener): () => void;
  open(mode: GateMode): void;
  close(): void;
}

export function createGateStore(): GateStore {
  let state: GateState = { open: false, mode: 'holding', everOpened: false };
  const listeners = new Set<Listener>();
  const set = (next: GateState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    open: (mode) => set({ open: true, mode, everOpened: true }),
    close: () => {
      if (state.open) set({ ...state, open: false });
    },
  };
}

/** The app's gate. */
export const gateStore = createGateStore();
