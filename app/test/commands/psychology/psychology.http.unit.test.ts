/**
 * POST /api/trading-psychology/assessment on the whole stack: every question answered exactly once with an
 * integer 1-5, else 400 naming the problem and nothing appended; the server scores, picks the archetype and
 * appends PsychologyAssessmentCompleted; compliant learners only.
 */
import { type EventOf, streams } from '@tickwise/contracts';
import {
  ASSESSMENT,
  appendedBy,
  archetypeNamed,
  compliantLearner,
  INSTRUMENT,
  type Learner,
  loadComplianceDocuments,
  MIXED_ARCHETYPE,
  MIXED_SCORES,
  MIXED_SHEET,
  publishDocuments,
  QUESTIONS,
  registerLearner,
  type Stack,
  startPsychologyStack,
  startStack,
  submitSheet,
  testClock,
  uniformSheet,
} from '../../../src/testing';

const clock = testClock();
let stack: Stack;
let learner: Learner;
beforeAll(async () => {
  stack = await startPsychologyStack(clock, { storage: 'memory' });
  learner = await compliantLearner(stack, 'psychology');
});
afterAll(async () => {
  await stack?.close();
});

type Completed = EventOf<'PsychologyAssessmentCompleted'>;
const RESULT_FIELDS = [
  'archetypeDescription',
  'archetypeFocus',
  'behavioralDiscipline',
  'cognitiveControl',
  'completedAt',
  'emotionalIntelligence',
  'id',
  'instrumentVersion',
  'overallScore',
  'performanceOptimization',
  'riskManagement',
  'stressResilience',
  'traderArchetype',
];

describe('a valid answer sheet', () => {
  test('the mixed sheet → 201 with the hand-computed scores (rounded), the archetype and its description; one event', async () => {
    clock.advance(60_000);
    const completedAt = clock.now().toISOString();
    const { result: res, events } = await appendedBy(stack, () => submitSheet(learner, MIXED_SHEET));
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(RESULT_FIELDS);
    const archetype = archetypeNamed(MIXED_ARCHETYPE);
    expect(res.body).toEqual({
      id: expect.any(String),
      ...MIXED_SCORES,
      overallScore: 51,
      traderArchetype: MIXED_ARCHETYPE,
      completedAt,
      instrumentVersion: INSTRUMENT.version,
      archetypeDescription: archetype.description,
      archetypeFocus: archetype.workOn,
    });
    expect(events.map((e) => [e.stream, e.type, e.metadata.actor])).toEqual([
      [streams.psychology(learner.userId), 'PsychologyAssessmentCompleted', learner.userId],
    ]);
    expect(events[0]?.data as Completed['data']).toEqual({
      assessmentId: res.body.id,
      instrumentVersion: INSTRUMENT.version,
      responses: MIXED_SHEET,
      ...MIXED_SCORES,
      overallScore: 51,
      traderArchetype: MIXED_ARCHETYPE,
      completedAt,
    });
    expect(res.headers['x-position']).toBe(events[0]?.position);
  });

  test('all 3s → 50 everywhere, Developing Trader; all 5s → 60 everywhere (not 100)', async () => {
    const threes = await submitSheet(learner, uniformSheet(3));
    expect(threes.status).toBe(201);
    expect(threes.body).toMatchObject({
      emotionalIntelligence: 50,
      cognitiveControl: 50,
      stressResilience: 50,
      behavioralDiscipline: 50,
      riskManagement: 50,
      performanceOptimization: 50,
      overallScore: 50,
      traderArchetype: 'Developing Trader',
    });
    const fives = await submitSheet(learner, uniformSheet(5));
    expect(fives.status).toBe(201);
    expect(fives.body).toMatchObject({
      emotionalIntelligence: 60,
      cognitiveControl: 60,
      stressResilience: 60,
      behavioralDiscipline: 60,
      riskManagement: 60,
      performanceOptimization: 60,
      overallScore: 60,
    });
  });

  test('a retake with the same answers is a new assessment (another id, another event)', async () => {
    const { result, events } = await appendedBy(stack, async () => [
      await submitSheet(learner, MIXED_SHEET),
      await submitSheet(learner, MIXED_SHEET),
    ]);
    const [first, second] = result;
    expect([first?.status, second?.status]).toEqual([201, 201]);
    expect(first?.body.id).not.toBe(second?.body.id);
    expect(events.map((e) => e.type)).toEqual([
      'PsychologyAssessmentCompleted',
      'PsychologyAssessmentCompleted',
    ]);
  });

  test('the same Idempotency-Key and sheet sent again answers the first result and appends nothing', async () => {
    const send = () =>
      stack
        .client()
        .post(ASSESSMENT, { responses: MIXED_SHEET })
        .set('Authorization', `Bearer ${learner.token}`)
        .set('Idempotency-Key', 'psychology-retry-1');
    const first = await send();
    expect(first.status).toBe(201);
    clock.advance(60_000);
    const { result: again, events } = await appendedBy(stack, send);
    expect(events).toEqual([]);
    expect(again.body).toEqual(first.body);
  });
});

describe('validation: 400 naming the problem, and nothing appended', () => {
  const full = () => uniformSheet(3);
  const withValue = (questionId: number, value: unknown) =>
    full().map((r) => (r.questionId === questionId ? { questionId, value } : r));

  test.each<[string, unknown, string]>([
    [
      'a question missing',
      full().filter((r) => r.questionId !== 12),
      'responses: every question must be answered; missing question 12',
    ],
    [
      'only the first five',
      full().slice(0, 5),
      `responses: every question must be answered; missing questions ${Array.from({ length: 25 }, (_, i) => i + 6).join(', ')}`,
    ],
    [
      'a question answered twice (31 responses)',
      [...full(), { questionId: 8, value: 4 }],
      'responses.30.questionId: question 8 is answered twice',
    ],
    [
      'a question answered twice in place of another',
      full().map((r) => (r.questionId === 30 ? { questionId: 29, value: 2 } : r)),
      'responses.29.questionId: question 29 is answered twice',
    ],
    [
      'an unknown question id',
      [...full().slice(0, 29), { questionId: 999, value: 3 }],
      'responses.29.questionId: unknown question 999',
    ],
    ['value 0', withValue(4, 0), 'responses.3.value: must be an integer 1-5'],
    ['value 6', withValue(4, 6), 'responses.3.value: must be an integer 1-5'],
    ['value 2.5', withValue(4, 2.5), 'responses.3.value: must be an integer 1-5'],
    ['value "3"', withValue(4, '3'), 'responses.3.value: must be an integer 1-5'],
    ['questionId 0', [{ questionId: 0, value: 3 }, ...full().slice(1)], 'responses.0.questionId: must be'],
    ['no responses', undefined, 'responses: required'],
    ['an empty list', [], 'responses: must be a list'],
  ])('%s', async (_name, responses, message) => {
    const { events } = await appendedBy(stack, async () => {
      const res = await learner.post(ASSESSMENT, responses === undefined ? {} : { responses });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String) });
      expect(String(res.body.error).startsWith(message)).toBe(true);
    });
    expect(events).toEqual([]);
  });
});

describe('access', () => {
  let outsider: Learner;
  beforeAll(async () => {
    outsider = await registerLearner(stack, 'psychology-outsider');
  });

  test('a learner who is not compliant → 403 and nothing appended', async () => {
    const { events } = await appendedBy(stack, async () => {
      const res = await submitSheet(outsider, uniformSheet(3));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: expect.stringMatching(/compliance required/i) });
    });
    expect(events).toEqual([]);
  });

  test('no token → 401 and nothing appended', async () => {
    const { events } = await appendedBy(stack, async () => {
      const res = await stack.client().post(ASSESSMENT, { responses: uniformSheet(3) });
      expect(res.status).toBe(401);
    });
    expect(events).toEqual([]);
  });

  test('every error body is {error} without internals; the projections had no error', () => {
    for (const response of stack.errorResponses) {
      expect(response.body).toEqual({ error: expect.any(String) });
      expect((response.body as { error: string }).error).not.toMatch(/\n|\/work\/|node_modules|\.ts\b/);
    }
    expect(stack.projectionErrors).toEqual([]);
  });
});

describe('before any instrument is published', () => {
  let bare: Stack;
  let early: Learner;
  beforeAll(async () => {
    // Only the compliance documents (so a learner can become compliant); no course, no instrument.
    bare = await startStack({ storage: 'memory', env: { MIN_READ_SECONDS: '0' } });
    await publishDocuments(bare.storage.log, loadComplianceDocuments(), {
      actor: 'system:publisher',
      now: () => new Date(),
    });
    early = await compliantLearner(bare, 'no-instrument');
  });
  afterAll(async () => {
    await bare?.close();
  });

  test('GET questions → [] (the client shows Assessment Not Available); POST → 404 and nothing appended', async () => {
    const questions = await early.get(QUESTIONS);
    expect(questions.status).toBe(200);
    expect(questions.body).toEqual([]);
    const { events } = await appendedBy(bare, async () => {
      const res = await submitSheet(early, uniformSheet(3));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Assessment Not Available' });
    });
    expect(events).toEqual([]);
  });
});
