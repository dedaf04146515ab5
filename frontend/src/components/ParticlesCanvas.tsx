import { useEffect, useRef } from 'react';
import { animateParticles } from './particle-animation';

/** The decorative canvas behind page content: drifting cyan particles. It ignores pointer input. */
export function ParticlesCanvas() {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    return canvas === null ? undefined : animateParticles(canvas);
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
