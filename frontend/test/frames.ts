/**
 * Animation frames held back, as a busy main thread holds them: callbacks wait until `release()`, which
 * hands them, in order, to the real requestAnimationFrame. (zag sets a dialog's focus trap up in a frame.)
 */
export interface HeldFrames {
  /** Lets the held frames and every later one run. */
  release(): void;
}

export function holdAnimationFrames(): HeldFrames {
  const request = window.requestAnimationFrame;
  const cancel = window.cancelAnimationFrame;
  const held = new Map<number, FrameRequestCallback>();
  const forwarded = new Map<number, number>();
  // Far above the real ids, so a cancel can tell a held frame from a real one.
  let lastId = 1_000_000_000;
  window.requestAnimationFrame = (callback) => {
    lastId += 1;
    held.set(lastId, callback);
    return lastId;
  };
  window.cancelAnimationFrame = (id) => {
    if (held.delete(id)) return;
    const real = forwarded.get(id);
    forwarded.delete(id);
    cancel.call(window, real ?? id);
  };
  return {
    release() {
      window.requestAnimationFrame = request;
      for (const [id, callback] of held) {
        forwarded.set(
          id,
          request.call(window, (time) => {
            forwarded.delete(id);
            callback(time);
          }),
        );
      }
      held.clear();
    },
  };
}
