import type { EventOf } from '@tickwise/contracts';
import { accept, type Recorder } from '@tickwise/platform';

type AuditorViewed = EventOf<'AuditorViewedRecords'>;

/**
 * The auditor's own stream (`audit-{auditorId}`): every read of learners' records, as it happened. A
 * recorder: a read never depends on earlier reads, and an auditor's stream grows with every one.
 */
export const auditTrail: Recorder<{ viewed: AuditorViewed['data'] }, AuditorViewed> = {
  decide: ({ viewed }) => accept({ type: 'AuditorViewedRecords', data: viewed }),
};
