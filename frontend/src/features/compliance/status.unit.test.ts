import type { RiskAssessment } from '@tickwise/contracts';
import { riskStatus } from './status';

const assessment = (id: string, expiresAt: string): RiskAssessment => ({
  id,
  experienceLevel: 'beginner',
  financialSituation: 'stable',
  riskCapacity: 5,
  investmentObjective: 'education',
  annualIncome: null,
  netWorth: null,
  createdAt: '2026-01-01T12:00:00.000Z',
  expiresAt,
});
const now = Date.parse('2026-11-26T12:00:00.000Z');

describe('riskStatus', () => {
  test('the latest assessment is Current until the instant it expires, Expired from that instant on', () => {
    expect(riskStatus([assessment('a', '2026-11-26T12:00:00.001Z')], now)).toBe('Current');
    expect(riskStatus([assessment('a', '2026-11-26T12:00:00.000Z')], now)).toBe('Expired');
    expect(riskStatus([assessment('a', '2026-11-25T12:00:00.000Z')], now)).toBe('Expired');
  });

  test('no assessment counts as Expired; only the first (latest) one is judged', () => {
    expect(riskStatus(undefined, now)).toBe('Expired');
    expect(riskStatus([], now)).toBe('Expired');
    expect(
      riskStatus(
        [assessment('new', '2026-11-20T00:00:00.000Z'), assessment('old', '2027-01-01T00:00:00.000Z')],
        now,
      ),
    ).toBe('Expired');
  });
});
