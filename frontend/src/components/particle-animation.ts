import { createParticles, drawParticles, stepParticles } from './particles';

/** What the page tells the particles worker (particles.worker.ts). */
export type ParticlesMessage =
  | {
      readonly type: 'init';
      readonly canvas: OffscreenCanvas;
      readonly width: number;
      readonly height: number;
      readonly ratio: number;
    }
  | { readonly type: 'resize'; readonly width: number; readonly height: number; readonly ratio: number }
  | { readonly type: 'run' }
  | { readonly type: 'stop' };

/** The reduced-motion preference, or null where the browser cannot tell. */
const reducedMotionQuery = (): MediaQueryList | null =>
  typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;

const pixelRatio = () => Math.min(window.devicePixelRatio || 1, 2);

/** Draws the field: in a worker where the browser can hand the canvas over, otherwise here. */
interface Painter {
  resize(width: number, height: number): void;
  run(): void;
  stop(): void;
  /** Frees what drawing holds (the worker). */
  close(): void;
}

function workerPainter(canvas: HTMLCanvasElement, count: (n: number) => void): Painter | null {
  if (typeof Worker === 'undefined' || typeof canvas.transferControlToOffscreen !== 'function') return null;
  let worker: Worker;
  let offscreen: OffscreenCanvas;
  try {
    offscreen = canvas.transferControlToOffscreen();
    worker = new Worker(new URL('./particles.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  const send = (message: ParticlesMessage, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  send(
    {
      type: 'init',
      canvas: offscreen,
      width: window.innerWidth,
      height: window.innerHeight,
      ratio: pixelRatio(),
    },
    [offscreen],
  );
  count(createParticles(0, 0).length);
  return {
    resize: (width, height) => send({ type: 'resize', width, height, ratio: pixelRatio() }),
    run: () => send({ type: 'run' }),
    stop: () => send({ type: 'stop' }),
    close: () => worker.terminate(),
  };
}

function mainThreadPainter(canvas: HTMLCanvasElement, count: (n: number) => void): Painter | null {
  let ctx: CanvasRenderingContext2D | null;
  try {
    ctx = canvas.getContext('2d');
  } catch {
    return null; // its control was handed to a worker
  }
  if (ctx === null) return null;
  let width = window.innerWidth;
  let height = window.innerHeight;
  const particles = createParticles(width, height);
  count(particles.length);
  let frame: number | null = null;
  const tick = () => {
    stepParticles(particles, width, height);
    drawParticles(ctx, particles, width, height);
    frame = window.requestAnimationFrame(tick);
  };
  return {
    resize: (w, h) => {
      const ratio = pixelRatio();
      width = w;
      height = h;
      canvas.width = Math.round(w * ratio);
      canvas.height = Math.round(h * ratio);
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      drawParticles(ctx, particles, width, height);
    },
    run: () => {
      frame ??= window.requestAnimationFrame(tick);
    },
    stop: () => {
      if (frame !== null) window.cancelAnimationFrame(frame);
      frame = null;
    },
    close: () => undefined,
  };
}

/**
 * One painter per canvas: a canvas handed to a worker cannot be handed over again, and React's strict mode
 * stops and restarts an effect at once. A painter is closed only when no restart follows in the same task.
 */
const painters = new WeakMap<
  HTMLCanvasElement,
  { painter: Painter; closing?: ReturnType<typeof setTimeout> }
>();

function painterFor(canvas: HTMLCanvasElement, count: (n: number) => void): Painter | null {
  const kept = painters.get(canvas);
  if (kept !== undefined) {
    clearTimeout(kept.closing);
    return kept.painter;
  }
  const painter = workerPainter(canvas, count) ?? mainThreadPainter(canvas, count);
  if (painter !== null) painters.set(canvas, { painter });
  return painter;
}

function release(canvas: HTMLCanvasElement): void {
  const kept = painters.get(canvas);
  if (kept === undefined) return;
  kept.closing = setTimeout(() => {
    kept.painter.close();
    painters.delete(canvas);
  }, 0);
}

/**
 * Animates the particle field on `canvas` until the returned function is called: it pauses while the tab
 * is hidden and stands still for people who prefer reduced motion (also when they switch the preference on
 * while the page is open). Plain DOM, so the prerendered landing page can run it before React has loaded.
 */
export function animateParticles(canvas: HTMLCanvasElement): () => void {
  const count = (n: number) => {
    canvas.dataset.particles = String(n);
  };
  const painter = painterFor(canvas, count);
  if (painter === null) return () => undefined;
  const motionQuery = reducedMotionQuery();
  let still = motionQuery?.matches ?? false;
  let running = false;
  const setState = (state: 'running' | 'paused' | 'still') => {
    canvas.dataset.state = state;
  };

  const resize = () => painter.resize(window.innerWidth, window.innerHeight);
  const start = () => {
    if (still) return setState('still');
    if (document.hidden) return setState('paused');
    if (!running) painter.run();
    running = true;
    return setState('running');
  };
  const stop = () => {
    if (running) painter.stop();
    running = false;
    if (!still) setState('paused');
  };
  const onVisibility = () => (document.hidden ? stop() : start());
  const onMotionPreference = (event: MediaQueryListEvent) => {
    stop();
    still = event.matches;
    start();
  };

  resize();
  start();
  window.addEventListener('resize', resize);
  document.addEventListener('visibilitychange', onVisibility);
  motionQuery?.addEventListener?.('change', onMotionPreference);
  return () => {
    stop();
    window.removeEventListener('resize', resize);
    document.removeEventListener('visibilitychange', onVisibility);
    motionQuery?.removeEventListener?.('change', onMotionPreference);
    release(canvas);
  };
}
