import type { EventData, EventType, PsychologyResult } from '@tickwise/contracts';
import type { RecordedEvent } from '@tickwise/platform';
import { handler, type Projection } from '../runtime/projection';

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

const data = <K extends EventType>(_type: K, event: RecordedEvent) => event.data as EventData<K>;
const learnerOf = (event: RecordedEvent) => [event.stream.slice('psychology-'.length)];

export const psychologyProjection: Projection = {
  name: 'psychology',
  version: 1,
  collections: [{ name: 'instrument' }, { name: 'learners' }],
  handlers: {
    PsychologyInstrumentPublished: [
      handler<InstrumentDoc>({
        collection: 'instrument',
        ids: () => ['current'],
        apply: (_doc, event) => ({ id: 'current', ...data('PsychologyInstrumentPublished', event) }),
      }),
    ],
    PsychologyAssessmentCompleted: [
      handler<PsychologyLearnerDoc>({
        collection: 'learners',
        ids: learnerOf,
        apply: (doc, event) => {
          const {
            assessmentId,
            instrumentVersion: _version,
            responses: _responses,
            ...scores
          } = data('PsychologyAssessmentCompleted', event);
          const learner = doc ?? { id: learnerOf(event)[0] ?? '', results: [] };
          if (learner.results.some((r) => r.id === assessmentId)) return learner;
          return { ...learner, results: [{ id: assessmentId, ...scores }, ...learner.results] };
        },
      }),
    ],
  },
};
