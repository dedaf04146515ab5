import { act, render } from '@testing-library/react';
import { ParticlesCanvas } from './ParticlesCanvas';
import { createParticles, opacityOf, spawnParticle, stepParticles } from './particles';

describe('the particle field', () => {
  it('has 50 particles, each living 100 to 400 frames', () => {
    const particles = createParticles(800, 600);
    expect(particles).toHaveLength(50);
    for (const p of particles) {
      expect(p.life).toBeGreaterThanOrEqual(100);
      expect(p.life).toBeLessThanOrEqual(400);
    }
    expect(spawnParticle(10, 10, () => 0).life).toBe(100);
    expect(spawnParticle(10, 10, () => 0.999999).life).toBe(400);
  });

  it('moves particles and replaces one at the end of its life', () => {
    const particles = [
      { x: 10, y: 10, vx: 1, vy: 0, size: 1, age: 99, life: 100 },
      { x: 10, y: 10, vx: 1, vy: 0, size: 1, age: 0, life: 100 },
    ];
    stepParticles(particles, 800, 600, () => 0.5);
    expect(particles[0]?.age).toBe(0);
    expect(particles[1]).toMatchObject({ x: 11, age: 1 });
    expect(particles).toHaveLength(2);
  });

  it('fades particles in and out', () => {
    const p = { x: 0, y: 0, vx: 0, vy: 0, size: 1, age: 0, life: 100 };
    expect(opacityOf(p)).toBe(0);
    expect(opacityOf({ ...p, age: 50 })).toBeGreaterThan(0.5);
    expect(opacityOf({ ...p, age: 100 })).toBe(0);
  });
});

describe('<ParticlesCanvas>', () => {
  const context = {
    setTransform: jest.fn(),
    clearRect: jest.fn(),
    beginPath: jest.fn(),
    arc: jest.fn(),
    fill: jest.fn(),
    fillStyle: '',
  };
  let reduceMotion = false;
  let hidden = false;
  /** What the page listens to for changes of the reduced-motion preference. */
  let motionListeners: ((event: MediaQueryListEvent) => void)[] = [];
  const raf = jest.fn<number, [FrameRequestCallback]>(() => 1);

  beforeEach(() => {
    reduceMotion = false;
    hidden = false;
    motionListeners = [];
    raf.mockClear();
    jest
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockImplementation(() => context as unknown as CanvasRenderingContext2D);
    jest.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: reduceMotion && query.includes('reduce'),
          media: query,
          addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) =>
            motionListeners.push(listener),
          removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => {
            motionListeners = motionListeners.filter((l) => l !== listener);
          },
        }) as unknown as MediaQueryList,
    );
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation(raf);
    jest.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  });
  afterEach(() => jest.restoreAllMocks());

  it('draws 50 particles on a canvas that ignores pointer input and is hidden from assistive technology', () => {
    const { getByTestId } = render(<ParticlesCanvas />);
    const canvas = getByTestId('particles');
    expect(canvas.dataset.particles).toBe('50');
    expect(canvas.style.pointerEvents).toBe('none');
    expect(canvas.parentElement?.style.pointerEvents).toBe('none');
    expect(canvas.parentElement?.getAttribute('aria-hidden')).toBe('true');
    expect(context.arc).toHaveBeenCalledTimes(50);
    expect(canvas.dataset.state).toBe('running');
  });

  it('pauses while the tab is hidden and resumes when it is shown', () => {
    const { getByTestId } = render(<ParticlesCanvas />);
    const canvas = getByTestId('particles');
    hidden = true;
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(canvas.dataset.state).toBe('paused');
    expect(window.cancelAnimationFrame).toHaveBeenCalled();
    hidden = false;
    raf.mockClear();
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(canvas.dataset.state).toBe('running');
    expect(raf).toHaveBeenCalledTimes(1);
  });

  it('stands still for people who prefer reduced motion', () => {
    reduceMotion = true;
    const { getByTestId } = render(<ParticlesCanvas />);
    expect(getByTestId('particles').dataset.state).toBe('still');
    expect(raf).not.toHaveBeenCalled();
    expect(context.arc).toHaveBeenCalled();
  });

  it('stops when reduced motion is switched on while the page is open, and moves again when it is off', () => {
    const { getByTestId, unmount } = render(<ParticlesCanvas />);
    const canvas = getByTestId('particles');
    expect(canvas.dataset.state).toBe('running');
    const change = (matches: boolean) =>
      act(() => {
        for (const listener of motionListeners) listener({ matches } as MediaQueryListEvent);
      });
    change(true);
    expect(canvas.dataset.state).toBe('still');
    expect(window.cancelAnimationFrame).toHaveBeenCalled();
    raf.mockClear();
    change(false);
    expect(canvas.dataset.state).toBe('running');
    expect(raf).toHaveBeenCalledTimes(1);
    unmount();
    expect(motionListeners).toEqual([]);
  });
});
