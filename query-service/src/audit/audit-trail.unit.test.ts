import type { EventOf } from '@tickwise/contracts';
import { deciderSpec } from '@tickwise/platform';
import { auditTrail } from './audit-trail';

const { given } = deciderSpec(auditTrail);

const viewed = (view: string, learnerId: string | null): EventOf<'AuditorViewedRecords'> => ({
  type: 'AuditorViewedRecords',
  data: { auditorId: 'auditor-1', learnerId, view, asOf: null, viewedAt: '2026-02-01T10:00:00.000Z' },
});

describe("the auditor's trail", () => {
  test('every read is recorded, the same read again too', () => {
    const read = viewed('history', 'learner-1');
    expect(given(read, viewed('documents', null)).when({ viewed: read.data })).toEqual({
      ok: true,
      events: [read],
    });
  });

  test('is handled without loading the stream (it only grows)', () => {
    expect(auditTrail.ignoresHistory).toBe(true);
  });
});
