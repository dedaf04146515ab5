/** The particle field behind the content: 50 small cyan particles, each living 100–400 frames. */
import { PARTICLE_COUNT, PARTICLE_LIFE_FRAMES } from '../app/constants';

export interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  /** Radius in CSS pixels. */
  size: number;
  /** Frames lived so far. */
  age: number;
  /** Frames it lives: 100–400. */
  life: number;
}

export type Random = () => number;

export function spawnParticle(width: number, height: number, random: Random = Math.random): Particle {
  const { min, max } = PARTICLE_LIFE_FRAMES;
  return {
    x: random() * width,
    y: random() * height,
    vx: (random() - 0.5) * 0.4,
    vy: (random() - 0.5) * 0.4 - 0.05,
    size: 0.8 + random() * 1.8,
    age: 0,
    life: Math.round(min + random() * (max - min)),
  };
}

export function createParticles(
  width: number,
  height: number,
  random: Random = Math.random,
  count = PARTICLE_COUNT,
): Particle[] {
  return Array.from({ length: count }, () => {
    const particle = spawnParticle(width, height, random);
    // Start at different ages so they do not all fade out together.
    particle.age = Math.floor(random() * particle.life);
    return particle;
  });
}

/** Advances every particle by one frame; a particle at the end of its life is replaced by a new one. */
export function stepParticles(
  particles: Particle[],
  width: number,
  height: number,
  random: Random = Math.random,
): void {
  for (let i = 0; i < particles.length; i++) {
    const p = particles[i];
    if (p === undefined) continue;
    p.x += p.vx;
    p.y += p.vy;
    p.age += 1;
    const outside = p.x < -10 || p.x > width + 10 || p.y < -10 || p.y > height + 10;
    if (p.age >= p.life || outside) particles[i] = spawnParticle(width, height, random);
  }
}

/** Opacity over a particle's life: fades in over the first fifth and out over the last fifth. */
export function opacityOf(p: Particle): number {
  const t = p.age / p.life;
  const fade = Math.min(1, t / 0.2, (1 - t) / 0.2);
  return Math.max(0, fade) * 0.6;
}

export function drawParticles(
  ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  particles: readonly Particle[],
  width: number,
  height: number,
): void {
  ctx.clearRect(0, 0, width, height);
  for (const p of particles) {
    ctx.beginPath();
    ctx.arc(p.x, p.y, p.size, 0, Math.PI * 2);
    ctx.fillStyle = `rgba(34, 211, 238, ${opacityOf(p).toFixed(3)})`;
    ctx.fill();
  }
}
