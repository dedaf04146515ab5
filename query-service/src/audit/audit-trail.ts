import type { EventOf } from '@tickwise/contracts';
import { accept, type Decider } from '@tickwise/platform';

type AuditorViewed = EventOf<'AuditorViewedRecords'>;

/** The auditor's own stream (`audit-{auditorId}`): every read of learners' records, as it happened. */
export const auditTrail: Decider<{ viewed: AuditorViewed['data'] }, null, AuditorViewed> = {
  initialState: null,
  evolve: (state) => state,
  decide: ({ viewed }) => accept({ type: 'AuditorViewedRecords', data: viewed }),
  // A read never depends on earlier reads, and an auditor's stream grows with every one.
  ignoresHistory: true,
};
