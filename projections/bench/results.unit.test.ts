import { verdictOf } from './results';

describe('a bench figure’s verdict', () => {
  it('reads a met target as met', () => {
    expect(verdictOf('met: target ≥ 15,000 ev/s')).toBe(true);
    expect(verdictOf('≤ 50 ms  met')).toBe(true);
  });

  it('reads NOT MET as not met, wherever it stands', () => {
    expect(verdictOf('NOT MET: target p99 ≤ 20 ms')).toBe(false);
    expect(verdictOf('≤ 2  NOT MET  (quiet 3 ms, storm 9 ms)')).toBe(false);
  });

  it('gives no verdict for context or a bare bound', () => {
    expect(verdictOf('(context, no target)')).toBeUndefined();
    expect(verdictOf('target ≥ 150,000 ev/s')).toBeUndefined();
    expect(verdictOf('')).toBeUndefined();
  });
});
