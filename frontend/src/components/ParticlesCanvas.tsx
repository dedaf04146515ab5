import { useEffect, useRef } from 'react';
import { createParticles, drawParticles, stepParticles } from './particles';

/** The reduced-motion preference, or null where the browser cannot tell. */
const reducedMotionQuery = (): MediaQueryList | null =>
  typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;

/**
 * The decorative canvas behind page content: drifting cyan particles. It ignores pointer input, pauses
 * while the tab is hidden and stands still for people who prefer reduced motion (also when they switch
 * the preference on while the page is open).
 */
export function ParticlesCanvas() {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d') ?? null;
    if (canvas === null || ctx === null) return undefined;
    let width = window.innerWidth;
    let height = window.innerHeight;
    const particles = createParticles(width, height);
    const motionQuery = reducedMotionQuery();
    let still = motionQuery?.matches ?? false;
    let frame: number | null = null;
    canvas.dataset.particles = String(particles.length);
    const setState = (state: 'running' | 'paused' | 'still') => {
      canvas.dataset.state = state;
    };

    const resize = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      width = window.innerWidth;
      height = window.innerHeight;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      drawParticles(ctx, particles, width, height);
    };
    const tick = () => {
      stepParticles(particles, width, height);
      drawParticles(ctx, particles, width, height);
      frame = window.requestAnimationFrame(tick);
    };
    const start = () => {
      if (still) return setState('still');
      if (document.hidden) return setState('paused');
      if (frame === null) frame = window.requestAnimationFrame(tick);
      return setState('running');
    };
    const stop = () => {
      if (frame !== null) window.cancelAnimationFrame(frame);
      frame = null;
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
    };
  }, []);

  return (
    <div aria-hidden="true" style={{ position: 'fixed', inset: 0, pointerEvents: 'none', zIndex: 0 }}>
      <canvas
        ref={canvasRef}
        data-testid="particles"
        style={{ display: 'block', width: '100%', height: '100%', pointerEvents: 'none' }}
      />
    </div>
  );
}
