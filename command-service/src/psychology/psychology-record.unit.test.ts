import type { EventOf } from '@tickwise/contracts';
import { deciderSpec } from '@tickwise/platform';
import { psychologyRecord } from './psychology-record';

const { given } = deciderSpec(psychologyRecord);

const completed = (assessmentId: string, overallScore: number): EventOf<'PsychologyAssessmentCompleted'> => ({
  type: 'PsychologyAssessmentCompleted',
  data: {
    assessmentId,
    instrumentVersion: '1.0',
    responses: [],
    emotionalIntelligence: overallScore,
    cognitiveControl: overallScore,
    stressResilience: overallScore,
    behavioralDiscipline: overallScore,
    riskManagement: overallScore,
    performanceOptimization: overallScore,
    overallScore,
    traderArchetype: 'Disciplined Strategist',
    completedAt: '2026-02-01T10:00:00.000Z',
  },
});

describe('the psychology record', () => {
  test('a first assessment is recorded as scored on the server', () => {
    const first = completed('a-1', 70);
    expect(given().when({ completed: first.data })).toEqual({ ok: true, events: [first] });
  });

  test('a retake is a new record beside the earlier ones, never a replacement', () => {
    const retake = completed('a-2', 40);
    expect(given(completed('a-1', 70)).when({ completed: retake.data })).toEqual({
      ok: true,
      events: [retake],
    });
  });
});
