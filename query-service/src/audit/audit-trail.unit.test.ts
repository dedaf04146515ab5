import type { EventOf } from '@tickwise/contracts';
import { InMemoryEventLog, recordCommand } from '@tickwise/platform';
import { auditTrail } from './audit-trail';

const viewed = (view: string, learnerId: string | null): EventOf<'AuditorViewedRecords'> => ({
  type: 'AuditorViewedRecords',
  data: { auditorId: 'auditor-1', learnerId, view, asOf: null, viewedAt: '2026-02-01T10:00:00.000Z' },
});

/** An in-memory log that counts the streams read. */
class CountingLog extends InMemoryEventLog {
  streamReads = 0;
  override readStream(...args: Parameters<InMemoryEventLog['readStream']>) {
    this.streamReads += 1;
    return super.readStream(...args);
  }
}

describe("the auditor's trail", () => {
  test('every read is recorded, the same read again too', () => {
    const read = viewed('history', 'learner-1');
    expect(auditTrail.decide({ viewed: read.data })).toEqual({ ok: true, events: [read] });
    expect(auditTrail.decide({ viewed: read.data })).toEqual({ ok: true, events: [read] });
  });

  test('is recorded without loading the stream (it only grows)', async () => {
    const log = new CountingLog();
    const request = (commandId: string, view: string) => ({
      stream: 'audit-auditor-1',
      command: { viewed: viewed(view, 'learner-1').data },
      commandId,
      actor: 'auditor-1',
      correlationId: 'request-1',
    });
    await recordCommand({ log }, auditTrail, request('c1', 'history'));
    await recordCommand({ log }, auditTrail, request('c2', 'documents'));
    expect(log.streamReads).toBe(0);
    const recorded = await log.readStream('audit-auditor-1');
    expect(recorded.map((e) => [e.revision, e.type === 'AuditorViewedRecords' && e.data.view])).toEqual([
      [0, 'history'],
      [1, 'documents'],
    ]);
  });
});
