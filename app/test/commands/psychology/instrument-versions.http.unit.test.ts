/**
 * A learner's results across instrument versions, on the whole stack (in memory): a result taken under 1.0,
 * one under 2.0, then 3.0 (the authored version) is published. Each earlier result keeps its scores, its
 * archetype and its instrument version, and is described in the wording of that version; the questions and a
 * retake are the current version's.
 */
import type { PsychologyResponse } from '@tickwise/contracts';
import {
  becomeCompliant,
  documentsInForce,
  type Instrument,
  type Learner,
  loadCourse,
  loadInstrument,
  publishCourse,
  publishDocuments,
  publishedInstrument,
  publishInstrument,
  registerLearner,
  type Stack,
  startStack,
} from '../../../src/testing';

const ASSESSMENT = '/api/trading-psychology/assessment';
const LATEST = '/api/trading-psychology/latest';
const ASSESSMENTS = '/api/assessments';
const QUESTIONS = '/api/trading-psychology/questions';

const CURRENT = loadInstrument();
const V1 = publishedInstrument('1.0');
const V2 = publishedInstrument('2.0');
const options = { actor: 'system:publisher', now: () => new Date() };

const sheet = (answer: (id: number) => number): PsychologyResponse[] =>
  Array.from({ length: 30 }, (_, i) => ({ questionId: i + 1, value: answer(i + 1) }));
/** Every statement Neutral: 50 everywhere. */
const NEUTRAL = sheet(() => 3);
/** Risk Management answered the worst way (21, 23, 25 Strongly Disagree; 22, 24 Strongly Agree), the rest Agree. */
const LOW_RISK = sheet((id) => (id >= 21 && id <= 25 ? ([22, 24].includes(id) ? 5 : 1) : 4));
const described = (instrument: Instrument, name: string) => {
  const archetype = instrument.archetypes.find((a) => a.name === name);
  if (!archetype) throw new Error(`${instrument.version} has no archetype ${name}`);
  return { archetypeDescription: archetype.description, archetypeFocus: archetype.workOn };
};

let stack: Stack;
let learner: Learner;
let first: Record<string, unknown>;
let second: Record<string, unknown>;

beforeAll(async () => {
  stack = await startStack({ storage: 'memory', env: { MIN_READ_SECONDS: '0' } });
  await publishDocuments(stack.storage.log, documentsInForce(), options);
  await publishCourse(stack.storage.log, loadCourse(), options);
  await publishInstrument(stack.storage.log, V1, options);
  learner = await registerLearner(stack, 'versions');
  await becomeCompliant(learner);
  const one = await learner.post(ASSESSMENT, { responses: NEUTRAL });
  expect(one.status).toBe(201);
  first = one.body;
  await publishInstrument(stack.storage.log, V2, options);
  learner.position = String(await stack.head());
  const two = await learner.post(ASSESSMENT, { responses: LOW_RISK });
  expect(two.status).toBe(201);
  second = two.body;
  expect(await publishInstrument(stack.storage.log, CURRENT, options)).toEqual({ published: true });
  learner.position = String(await stack.head());
});
afterAll(async () => {
  await stack?.close();
});

test('the results as they were posted: 1.0 and 2.0, each in its own wording', () => {
  expect(first).toMatchObject({
    instrumentVersion: '1.0',
    overallScore: 50,
    traderArchetype: 'Developing Trader',
    ...described(V1, 'Developing Trader'),
  });
  expect(second).toMatchObject({
    instrumentVersion: '2.0',
    riskManagement: 0,
    stressResilience: 55,
    overallScore: 46,
    traderArchetype: 'Focused Improver',
    ...described(V2, 'Focused Improver'),
  });
});

test('after 3.0 is published, the latest result is still the 2.0 one, unchanged and in 2.0 wording', async () => {
  const latest = await learner.get(LATEST);
  expect(latest.status).toBe(200);
  expect(latest.body).toEqual(second);
  expect(latest.body.archetypeDescription).not.toBe(
    described(CURRENT, 'Focused Improver').archetypeDescription,
  );
});

test('every result keeps its version and wording; the 1.0 result is not re-described by 2.0 or 3.0', async () => {
  const all = await learner.get(ASSESSMENTS);
  expect(all.status).toBe(200);
  expect(all.body).toEqual([second, first]);
});

test('the questions are 3.0’s, and a retake is scored with 3.0 and described in its wording', async () => {
  const questions = await learner.get(QUESTIONS);
  expect(questions.body).toEqual(CURRENT.questions.map((q) => ({ id: q.id, question: q.question })));
  const retake = await learner.post(ASSESSMENT, { responses: LOW_RISK });
  expect(retake.status).toBe(201);
  expect(retake.body).toMatchObject({
    instrumentVersion: '3.0',
    riskManagement: 0,
    traderArchetype: 'Focused Improver',
    ...described(CURRENT, 'Focused Improver'),
  });
  const all = await learner.get(ASSESSMENTS);
  expect((all.body as Array<{ instrumentVersion: string }>).map((r) => r.instrumentVersion)).toEqual([
    '3.0',
    '2.0',
    '1.0',
  ]);
  expect(all.body[1]).toEqual(second);
  expect(all.body[2]).toEqual(first);
});

test('the projections followed the log without an error', () => {
  expect(stack.projectionErrors).toEqual([]);
});
