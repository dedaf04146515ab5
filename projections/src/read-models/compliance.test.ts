/**
 * isCompliant (issue 5, DESIGN.md "Rules that the server owns"): every active document's current version
 * acknowledged and a risk assessment whose expiresAt is in the future, judged at the time asked.
 */
import { type ActiveDocumentDoc, isCompliant, type LearnerComplianceDoc } from './compliance';

type Learner = Pick<LearnerComplianceDoc, 'acknowledged' | 'riskExpiresAt'>;
type Active = Pick<ActiveDocumentDoc, 'id' | 'version'>;

const NOW = new Date('2026-11-26T12:00:00.000Z');
const NEXT_YEAR = '2027-11-26T12:00:00.000Z';

const active: Active[] = [
  { id: 'risk_disclosure', version: '1.0' },
  { id: 'cftc_warning', version: '1.0' },
  { id: 'educational_disclaimer', version: '1.0' },
  { id: 'privacy_policy', version: '1.0' },
];
const allAcknowledged: Learner['acknowledged'] = {
  risk_disclosure: ['1.0'],
  cftc_warning: ['1.0'],
  educational_disclaimer: ['1.0'],
  privacy_policy: ['1.0'],
};
const compliant: Learner = { acknowledged: allAcknowledged, riskExpiresAt: NEXT_YEAR };

test('every active version acknowledged and an assessment that has not expired: compliant', () => {
  expect(isCompliant(compliant, active, NOW)).toBe(true);
});

test('a learner with no compliance record at all is not compliant', () => {
  expect(isCompliant(undefined, active, NOW)).toBe(false);
});

test('every document acknowledged but no risk assessment: not compliant', () => {
  expect(isCompliant({ ...compliant, riskExpiresAt: null }, active, NOW)).toBe(false);
});

test('an assessment that expires now or expired earlier does not count; one a millisecond ahead does', () => {
  expect(isCompliant({ ...compliant, riskExpiresAt: NOW.toISOString() }, active, NOW)).toBe(false);
  expect(isCompliant({ ...compliant, riskExpiresAt: '2026-11-25T12:00:00.000Z' }, active, NOW)).toBe(false);
  expect(isCompliant({ ...compliant, riskExpiresAt: '2026-11-26T12:00:00.001Z' }, active, NOW)).toBe(true);
});

test('the same record is judged at the time asked: compliant today, not after its expiry', () => {
  expect(isCompliant(compliant, active, NOW)).toBe(true);
  expect(isCompliant(compliant, active, new Date(NEXT_YEAR))).toBe(false);
});

test('one active document not acknowledged: not compliant', () => {
  const { privacy_policy: _missing, ...others } = allAcknowledged;
  expect(isCompliant({ ...compliant, acknowledged: others }, active, NOW)).toBe(false);
});

test('a new version in force makes a learner who acknowledged only the old one non-compliant until they acknowledge it', () => {
  const newVersion = active.map((d) => (d.id === 'risk_disclosure' ? { ...d, version: '1.1' } : d));
  expect(isCompliant(compliant, newVersion, NOW)).toBe(false);
  const acknowledged = { ...allAcknowledged, risk_disclosure: ['1.0', '1.1'] };
  expect(isCompliant({ ...compliant, acknowledged }, newVersion, NOW)).toBe(true);
});

test('acknowledgments of documents no longer active do not matter', () => {
  expect(isCompliant(compliant, active.slice(0, 2), NOW)).toBe(true);
});
