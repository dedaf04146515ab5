import { event, streams } from '@tickwise/contracts';
import { inStream, projectionSpec } from '../../test/projection-spec';
import { type PsychologyLearnerDoc, psychologyProjection } from './psychology';

const { given } = projectionSpec(psychologyProjection);
const ada = inStream(streams.psychology('u1'));
const scores = {
  emotionalIntelligence: 60,
  cognitiveControl: 70,
  stressResilience: 55,
  behavioralDiscipline: 80,
  riskManagement: 65,
  performanceOptimization: 50,
  overallScore: 63,
};
const completed = (assessmentId: string, completedAt: string) =>
  event('PsychologyAssessmentCompleted', {
    assessmentId,
    instrumentVersion: '1.0',
    responses: [{ questionId: 1, value: 4 }],
    ...scores,
    traderArchetype: 'Developing Trader',
    completedAt,
  });

test('results are kept newest first, without the answers given; the same assessment is kept once', () => {
  const learner = given(...ada(completed('p1', '2026-01-01T10:00:00.000Z')))
    .when(...ada(completed('p2', '2026-02-01T10:00:00.000Z'), completed('p2', '2026-02-01T10:00:00.000Z')))
    .document<PsychologyLearnerDoc>('learners', 'u1');
  const result = { ...scores, instrumentVersion: '1.0', traderArchetype: 'Developing Trader' };
  expect(learner?.results).toEqual([
    { id: 'p2', ...result, completedAt: '2026-02-01T10:00:00.000Z' },
    { id: 'p1', ...result, completedAt: '2026-01-01T10:00:00.000Z' },
  ]);
});

test('the instrument in force is the one published last', () => {
  const instrument = (version: string) =>
    event('PsychologyInstrumentPublished', {
      version,
      questions: [
        { id: 1, question: 'I stay calm after a loss.', category: 'stressResilience', reverseKeyed: false },
      ],
      archetypes: [],
      disclaimer: 'A self-reflection tool, not a diagnosis.',
      contentHash: 'd'.repeat(64),
    });
  const catalog = inStream(streams.catalogPsychology());
  const docs = given(...catalog(instrument('1.0')))
    .when(...catalog(instrument('1.1')))
    .documents('instrument');
  expect(docs).toEqual([{ id: 'current', ...instrument('1.1').data }]);
});

test("every version's archetypes are kept, so a result is described in the wording that scored it", () => {
  const instrument = (version: string, description: string) =>
    event('PsychologyInstrumentPublished', {
      version,
      questions: [],
      archetypes: [
        {
          id: 'developing',
          name: 'Developing Trader',
          rule: 'otherwise',
          description,
          workOn: 'Keep going.',
        },
      ],
      disclaimer: 'A self-reflection tool, not a diagnosis.',
      contentHash: 'd'.repeat(64),
    });
  const catalog = inStream(streams.catalogPsychology());
  const versions = given(...catalog(instrument('1.0', 'No gap stands apart.')))
    .when(...catalog(instrument('2.0', 'None of your categories is below 40.')))
    .documents('archetypes');
  expect(versions).toEqual([
    { id: '1.0', archetypes: instrument('1.0', 'No gap stands apart.').data.archetypes },
    { id: '2.0', archetypes: instrument('2.0', 'None of your categories is below 40.').data.archetypes },
  ]);
});

test('a newer version published after a result changes neither the result nor the archetypes that describe it', () => {
  const instrument = (version: string, description: string) =>
    event('PsychologyInstrumentPublished', {
      version,
      questions: [],
      archetypes: [
        { id: 'focused', name: 'Focused Improver', rule: 'lowest < 40', description, workOn: 'Start low.' },
        {
          id: 'developing',
          name: 'Developing Trader',
          rule: 'otherwise',
          description,
          workOn: 'Keep going.',
        },
      ],
      disclaimer: 'A self-reflection tool, not a diagnosis.',
      contentHash: 'd'.repeat(64),
    });
  const catalog = inStream(streams.catalogPsychology());
  const spec = given(
    ...catalog(instrument('1.0', 'First wording.'), instrument('2.0', 'Second wording.')),
    ...ada(completed('p1', '2026-01-01T10:00:00.000Z')),
  ).when(...catalog(instrument('3.0', 'Third wording.')));
  // The result keeps the version that scored it (1.0 here) and its scores.
  expect(spec.document<PsychologyLearnerDoc>('learners', 'u1')?.results).toEqual([
    {
      id: 'p1',
      ...scores,
      instrumentVersion: '1.0',
      traderArchetype: 'Developing Trader',
      completedAt: '2026-01-01T10:00:00.000Z',
    },
  ]);
  // Every version's wording is still there to describe results taken under it; 3.0 is the one in force.
  expect(
    spec
      .documents('archetypes')
      .map((d) => [d.id, (d.archetypes as Array<{ description: string }>)[0]?.description]),
  ).toEqual([
    ['1.0', 'First wording.'],
    ['2.0', 'Second wording.'],
    ['3.0', 'Third wording.'],
  ]);
  expect(spec.documents('instrument').map((d) => d.version)).toEqual(['3.0']);
});
