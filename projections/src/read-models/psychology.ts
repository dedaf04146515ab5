import type { EventData, PsychologyResult } from '@tickwise/contracts';
import { documents, ownDocument, projection, streamOwner } from '../runtime/projection';

type Instrument = EventData<'PsychologyInstrumentPublished'>;

/** The instrument in force (one document, id 'current'). */
export interface InstrumentDoc extends Instrument {
  id: string;
  [key: string]: unknown;
}

/** Per learner: every psychology result, newest first, with the archetype's description. */
export interface PsychologyLearnerDoc {
  id: string;
  results: PsychologyResult[];
  [key: string]: unknown;
}

const instrument = documents<InstrumentDoc>('instrument', () => ['current']);
const learners = documents<PsychologyLearnerDoc>('learners', ownDocument);

export const psychologyProjection = projection({
  name: 'psychology',
  version: 1,
  collections: [{ name: 'instrument' }, { name: 'learners' }],
  handlers: [
    instrument.on('PsychologyInstrumentPublished', (_doc, { data }) => ({ id: 'current', ...data })),
    learners.on('PsychologyAssessmentCompleted', (doc, event) => {
      const { assessmentId, instrumentVersion: _version, responses: _responses, ...scores } = event.data;
      const learner = doc ?? { id: streamOwner(event), results: [] };
      if (learner.results.some((r) => r.id === assessmentId)) return learner;
      return { ...learner, results: [{ id: assessmentId, ...scores }, ...learner.results] };
    }),
  ],
});
