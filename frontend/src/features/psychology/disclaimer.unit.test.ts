import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PSYCHOLOGY_DISCLAIMER, PSYCHOLOGY_DISCLAIMER_BRIEF } from './disclaimer';

describe('the disclaimer shown with results', () => {
  it('is word for word the instrument’s disclaimer (content/psychology/instrument.yaml)', () => {
    const yaml = readFileSync(
      join(__dirname, '..', '..', '..', '..', 'content', 'psychology', 'instrument.yaml'),
      'utf8',
    );
    const line = /^disclaimer: "(.*)"$/m.exec(yaml);
    expect(line?.[1]).toBe(PSYCHOLOGY_DISCLAIMER);
  });

  it('says it is a self-reflection tool, not a diagnosis or a prediction of trading success', () => {
    expect(PSYCHOLOGY_DISCLAIMER).toMatch(/self-reflection tool/);
    expect(PSYCHOLOGY_DISCLAIMER).toMatch(/not a psychological test or diagnosis/);
    expect(PSYCHOLOGY_DISCLAIMER).toMatch(/predict trading success/);
    for (const point of [/self-reflection tool/, /not a diagnosis/, /not a prediction of trading success/]) {
      expect(PSYCHOLOGY_DISCLAIMER_BRIEF).toMatch(point);
    }
  });
});
