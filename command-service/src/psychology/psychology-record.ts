import type { EventOf } from '@tickwise/contracts';
import { accept, type Decider } from '@tickwise/platform';

type Completed = EventOf<'PsychologyAssessmentCompleted'>;

/** The psychology stream (`psychology-{userId}`): every completed assessment is kept; retakes add one. */
export const psychologyRecord: Decider<{ completed: Completed['data'] }, null, Completed> = {
  initialState: null,
  evolve: (state) => state,
  decide: (command) => accept({ type: 'PsychologyAssessmentCompleted', data: command.completed }),
};
