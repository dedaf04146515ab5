/**
 * Draws the particle field on an OffscreenCanvas in a worker, so the decorative animation never takes
 * the main thread (a frame of it on the main thread delays whatever the visitor does next).
 * Messages: see ParticlesMessage in particle-animation.ts.
 */
import type { ParticlesMessage } from './particle-animation';
import { createParticles, drawParticles, type Particle, stepParticles } from './particles';

let ctx: OffscreenCanvasRenderingContext2D | null = null;
let particles: Particle[] = [];
let width = 0;
let height = 0;
let frame: number | null = null;

function size(canvas: OffscreenCanvas, w: number, h: number, ratio: number): void {
  width = w;
  height = h;
  canvas.width = Math.round(w * ratio);
  canvas.height = Math.round(h * ratio);
  ctx?.setTransform(ratio, 0, 0, ratio, 0, 0);
  if (ctx !== null) drawParticles(ctx, particles, width, height);
}

const tick = () => {
  if (ctx === null) return;
  stepParticles(particles, width, height);
  drawParticles(ctx, particles, width, height);
  frame = requestAnimationFrame(tick);
};

self.onmessage = (event: MessageEvent<ParticlesMessage>) => {
  const message = event.data;
  if (message.type === 'init') {
    ctx = message.canvas.getContext('2d');
    particles = createParticles(message.width, message.height);
    size(message.canvas, message.width, message.height, message.ratio);
  } else if (message.type === 'resize' && ctx !== null) {
    size(ctx.canvas, message.width, message.height, message.ratio);
  } else if (message.type === 'run' && frame === null) {
    frame = requestAnimationFrame(tick);
  } else if (message.type === 'stop' && frame !== null) {
    cancelAnimationFrame(frame);
    frame = null;
  }
};
