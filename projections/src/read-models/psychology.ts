import type { EventData, PsychologyResult } from '@tickwise/contracts';
import { documents, ownDocument, projection, streamOwner } from '../runtime/projection';

type Instrument = EventData<'PsychologyInstrumentPublished'>;

/** The instrument in force (one document, id 'current'). */
export interface InstrumentDoc extends Instrument {
  id: string;
  [key: string]: unknown;
}

/**
 * Each published version's archetypes (id: the version): a result is described by the archetypes of the
 * instrument that scored it, not by a later version's wording.
 */
export interface InstrumentArchetypesDoc {
  id: string;
  archetypes: Instrument['archetypes'];
  [key: string]: unknown;
}

/** Per learner: every psychology result, newest first, each with the instrument version that scored it. */
export interface PsychologyLearnerDoc {
  id: string;
  results: PsychologyResult[];
  [key: string]: unknown;
}

const instrument = documents<InstrumentDoc>('instrument', () => ['current']);
const archetypes = documents<InstrumentArchetypesDoc>('archetypes', (event) =>
  event.type === 'PsychologyInstrumentPublished' ? [event.data.version] : [],
);
const learners = documents<PsychologyLearnerDoc>('learners', ownDocument);

export const psychologyProjection = projection({
  name: 'psychology',
  // 2: results keep their instrumentVersion; every version's archetypes are kept.
  version: 2,
  collections: [{ name: 'instrument' }, { name: 'archetypes' }, { name: 'learners' }],
  handlers: [
    instrument.on('PsychologyInstrumentPublished', (_doc, { data }) => ({ id: 'current', ...data })),
    archetypes.on('PsychologyInstrumentPublished', (_doc, { data }) => ({
      id: data.version,
      archetypes: data.archetypes,
    })),
    learners.on('PsychologyAssessmentCompleted', (doc, event) => {
      const { assessmentId, responses: _responses, ...scores } = event.data;
      const learner = doc ?? { id: streamOwner(event), results: [] };
      if (learner.results.some((r) => r.id === assessmentId)) return learner;
      return { ...learner, results: [{ id: assessmentId, ...scores }, ...learner.results] };
    }),
  ],
});
