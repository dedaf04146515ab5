/**
 * Analysts' aggregates over HTTP: a scripted history of several learners on the test
 * clock — one who only registers, compliant learners completing module 1 with known first answers (one
 * re-answers a question after a wrong first attempt, one retakes the quiz), psychology assessments (one
 * learner twice), a new document version, and risk assessments at different times — gives the funnel,
 * per-module completion, item facility (first attempts only) and discrimination (upper group: first score
 * ≥ 75, lower: ≤ 50) computed by hand below, a lesson check answered before and after the quiz (it joins the
 * item analysis with its lesson, grouped by the same first scores), the psychology distributions, the
 * coverage per document version and the risk assessments expiring within 30 days. No response carries a
 * learner's identity.
 */

import {
  type ComplianceAnalytics,
  DocumentType,
  type EventData,
  type FunnelStep,
  type ModuleAnalytics,
  type PsychologyAnalytics,
  type QuizItemAnalytics,
  streams,
} from '@tickwise/contracts';
import {
  AUTHORED_DOCUMENTS,
  acknowledge,
  assessRisk,
  documentInForce,
  loadCourse,
  loadInstrument,
  nextVersionOf,
  type Person,
  passGate,
  publishDocuments,
  register,
  registerWithRole,
  type Stack,
  startStack,
  testClock,
  view,
} from '../../../src/testing';

const DAY = 86_400_000;
const T0 = '2025-01-06T09:00:00.000Z';
const day = (n: number) => new Date(Date.parse(T0) + n * DAY).toISOString();

const COURSE = loadCourse();
const moduleOf = (id: number) => {
  const found = COURSE.modules.find((m) => m.id === id);
  if (!found) throw new Error(`no module ${id}`);
  return found;
};
const M1 = moduleOf(1);
const M2 = moduleOf(2);
const INSTRUMENT = loadInstrument();
/** A risk disclosure after the authored versions, published on day 50. */
const AMENDED = nextVersionOf('risk_disclosure', 'Amended for the analytics test.');

const clock = testClock(T0);
let stack: Stack;
let analyst: Person;
const people: Person[] = [];

const T = true;
const F = false;

async function completeLessons(person: Person, moduleId: number) {
  for (const lesson of moduleOf(moduleId).lessons) {
    const res = await person.post('/api/progress', { moduleId, lessonId: lesson.id, completed: true });
    expect(res.status).toBe(201);
  }
}
/** Answers a question right or wrong (the server grades it). */
async function answer(person: Person, moduleId: number, index: number, correct: boolean) {
  const question = moduleOf(moduleId).quiz[index];
  if (!question) throw new Error(`module ${moduleId} has no question ${index}`);
  const selectedAnswer = correct
    ? question.correctAnswer - 1
    : question.correctAnswer % question.options.length;
  const res = await person.post('/api/quiz/attempt', { questionId: question.id, selectedAnswer });
  expect(res.status).toBe(201);
  expect(res.body.isCorrect).toBe(correct);
}
async function answerAll(person: Person, moduleId: number, pattern: readonly boolean[]) {
  for (const [index, correct] of pattern.entries()) await answer(person, moduleId, index, correct);
}
/** The first lesson of module 1 and its first 'Check your understanding' question. */
const LESSON = M1.lessons[0];
const CHECK = LESSON?.checks[0];
/** Answers that check right or wrong (the server grades it; practice, so no lesson needs completing first). */
async function answerCheck(person: Person, correct: boolean) {
  if (!LESSON || !CHECK) throw new Error('module 1 lesson 1 has no check');
  const selectedAnswer = correct ? CHECK.correctAnswer - 1 : CHECK.correctAnswer % CHECK.options.length;
  const res = await person.post(`/api/lessons/${LESSON.id}/checks/${CHECK.id}/answer`, { selectedAnswer });
  expect(res.status).toBe(201);
  expect(res.body.isCorrect).toBe(correct);
}
async function completeQuiz(person: Person, moduleId: number) {
  const res = await person.post('/api/progress', { moduleId, lessonId: null, completed: true });
  expect(res.status).toBe(201);
}
/** A complete answer sheet: 'best' scores 100 in every category, 'worst' 0, 'neutral' 50. */
async function psychology(person: Person, kind: 'best' | 'worst' | 'neutral') {
  const responses = INSTRUMENT.questions.map((q) => ({
    questionId: q.id,
    value: kind === 'neutral' ? 3 : (kind === 'best') !== q.reverseKeyed ? 5 : 1,
  }));
  const res = await person.post('/api/trading-psychology/assessment', { responses });
  expect(res.status).toBe(201);
}

// First answers to module 1's ten questions (T right, F wrong) and the resulting first scores.
const FIRST = {
  l2: [T, T, T, T, T, T, T, T, T, T], // 100 → upper group
  l3: [F, F, T, T, T, T, T, T, T, T], // then re-answers question 1 right: 8/10 = 80 → upper group
  l4: [T, T, T, F, F, F, F, F, F, F], // 3/10 = 30 → lower group (then retakes the quiz)
  l5: [T, T, T, T, T, T, F, F, F, F], // 6/10 = 60 → neither group
};

beforeAll(async () => {
  stack = await startStack({ storage: 'memory', clock, publishContent: true });
  analyst = await registerWithRole(stack, 'analyst');
  const [l1, l2, l3, l4, l5, l6] = await Promise.all(
    [1, 2, 3, 4, 5, 6].map((n) => register(stack, { label: `analytics-l${n}` })),
  );
  if (!l1 || !l2 || !l3 || !l4 || !l5 || !l6) throw new Error('registration failed');
  people.push(analyst, l1, l2, l3, l4, l5, l6);

  // Day 0: l2, l3, l4 and l6 pass the gate (their assessments expire on day 365).
  for (const learner of [l2, l3, l4, l6]) await passGate(learner, clock);
  await completeLessons(l2, 1);
  await answerCheck(l2, T); // before the quiz: joins the upper group with l2's first score
  await answerAll(l2, 1, FIRST.l2);
  await completeQuiz(l2, 1);
  await completeLessons(l2, 2);
  await answerAll(
    l2,
    2,
    M2.quiz.map(() => T),
  );
  await completeQuiz(l2, 2);

  await completeLessons(l3, 1);
  await answerAll(l3, 1, FIRST.l3);
  await answer(l3, 1, 0, T);
  await completeQuiz(l3, 1);

  await completeLessons(l4, 1);
  await answerAll(l4, 1, FIRST.l4);
  await completeQuiz(l4, 1);
  await answer(l4, 1, 3, T); // a retake: a new result, but neither a new first answer nor a new first score
  await completeQuiz(l4, 1);
  await answerCheck(l4, F); // after the quiz: joins the lower group at once
  await answerCheck(l4, T); // not a first answer

  await completeLessons(l6, 1); // started module 1, never answers all of it
  await answer(l6, 1, 0, T);
  await answerCheck(l6, T); // no quiz score: in no group

  await psychology(l2, 'worst');
  await psychology(l2, 'best'); // the retake replaces l2's result in the distributions
  await psychology(l3, 'neutral');
  await psychology(l4, 'best');

  // Day 40: l5 passes the gate (expires on day 405) and completes module 1.
  clock.set(day(40));
  await passGate(l5, clock);
  await completeLessons(l5, 1);
  await answerAll(l5, 1, FIRST.l5);
  await completeQuiz(l5, 1);

  // Day 50: a new version of the risk disclosure; only l2 acknowledges it.
  clock.set(day(50));
  const published = await publishDocuments(stack.storage.log, [AMENDED], {
    actor: 'system:test',
    now: clock.now,
  });
  l2.saw(published.position);
  await view(l2, 'risk_disclosure', AMENDED.version);
  clock.advance(15_000);
  await acknowledge(l2, 'risk_disclosure', AMENDED.version);

  // Day 100: l3 assesses again; only this latest assessment counts (it expires on day 465).
  clock.set(day(100));
  await assessRisk(l3);

  for (const person of people) analyst.saw(person.position);
});
afterAll(async () => {
  await stack?.close();
});

const read = async <T>(path: string): Promise<T> => {
  const res = await analyst.get(path);
  expect(res.status).toBe(200);
  return res.body as T;
};

test('funnel: registered (everyone, the analyst too) → passed the gate → module 1…12 completed', async () => {
  const funnel = await read<FunnelStep[]>('/api/analytics/funnel');
  expect(funnel.map((s) => [s.step, s.learners])).toEqual([
    ['registered', 7],
    ['compliant', 5],
    ['module-1', 4],
    ['module-2', 1],
    ...[3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => [`module-${m}`, 0]),
  ]);
  expect(funnel[2]?.label).toBe(`Module 1 completed: ${M1.title}`);
});

test('per module: learners who started (a lesson), completed (the quiz, once however often retaken), rate', async () => {
  const modules = await read<ModuleAnalytics[]>('/api/analytics/modules');
  expect(modules.slice(0, 3)).toEqual([
    { moduleId: 1, title: M1.title, learnersStarted: 5, learnersCompleted: 4, completionRate: 0.8 },
    { moduleId: 2, title: M2.title, learnersStarted: 1, learnersCompleted: 1, completionRate: 1 },
    { moduleId: 3, title: moduleOf(3).title, learnersStarted: 0, learnersCompleted: 0, completionRate: 0 },
  ]);
  expect(modules).toHaveLength(12);
});

describe('quiz item analysis', () => {
  let items: QuizItemAnalytics[] = [];
  beforeAll(async () => {
    items = await read<QuizItemAnalytics[]>('/api/analytics/quiz-items');
  });
  const row = (item: QuizItemAnalytics | undefined) =>
    item && [
      item.firstAttempts,
      item.facility,
      item.discrimination === null ? null : round(item.discrimination),
    ];
  const round = (x: number) => Math.round(x * 1000) / 1000;

  test('module 1, by hand: facility over first attempts only; discrimination = upper (l2, l3) − lower (l4) share correct', () => {
    const module1 = items.filter((i) => i.moduleId === 1 && i.kind === 'quiz');
    expect(module1.map((i) => i.questionId)).toEqual(M1.quiz.map((q) => q.id));
    expect(module1.every((i) => i.lessonId === null && i.lessonTitle === null)).toBe(true);
    expect(module1.map(row)).toEqual([
      // first attempts, facility, discrimination
      [5, 4 / 5, round(1 / 2 - 1)], // l3's wrong first answer counts, not the right second one; l6 answered it
      [4, 3 / 4, round(1 / 2 - 1)],
      [4, 1, 0],
      [4, 3 / 4, 1],
      [4, 3 / 4, 1],
      [4, 3 / 4, 1],
      [4, 2 / 4, 1],
      [4, 2 / 4, 1],
      [4, 2 / 4, 1],
      [4, 2 / 4, 1],
    ]);
    expect(module1[0]?.question).toBe(M1.quiz[0]?.question);
  });

  test("lesson checks follow their module's quiz questions, in reading order, named by their lesson", () => {
    const checks = M1.lessons.flatMap((lesson) => lesson.checks.map((check) => ({ lesson, check })));
    const module1 = items.filter((i) => i.moduleId === 1);
    expect(module1.map((i) => [i.kind, i.questionId])).toEqual([
      ...M1.quiz.map((q) => ['quiz', q.id]),
      ...checks.map(({ check }) => ['check', check.id]),
    ]);
    const answered = module1.find((i) => i.questionId === CHECK?.id);
    expect(answered).toEqual({
      kind: 'check',
      moduleId: 1,
      lessonId: LESSON?.id,
      lessonTitle: LESSON?.title,
      questionId: CHECK?.id,
      question: CHECK?.question,
      // l2 right (upper), l4 wrong then right (lower), l6 right (no group)
      firstAttempts: 3,
      facility: 2 / 3,
      discrimination: 1,
    });
    const unanswered = module1.filter((i) => i.kind === 'check' && i.questionId !== CHECK?.id);
    expect(unanswered.length).toBeGreaterThan(0);
    expect(unanswered.every((i) => i.firstAttempts === 0 && i.facility === null)).toBe(true);
  });

  test('module 2: one learner in the upper group only → facility 1, no discrimination; unanswered modules: nulls', () => {
    const module2 = items.filter((i) => i.moduleId === 2 && i.kind === 'quiz');
    expect(module2.map(row)).toEqual(M2.quiz.map(() => [1, 1, null]));
    const untouched = items.filter((i) => i.moduleId > 2);
    expect(untouched.length).toBeGreaterThan(0);
    expect(
      untouched.every((i) => i.firstAttempts === 0 && i.facility === null && i.discrimination === null),
    ).toBe(true);
    const checks = (m: (typeof COURSE.modules)[number]) => m.lessons.reduce((n, l) => n + l.checks.length, 0);
    expect(items).toHaveLength(COURSE.modules.reduce((n, m) => n + m.quiz.length + checks(m), 0));
  });
});

test('psychology: 4 assessments; bands, means and archetypes count each learner once, by their latest result', async () => {
  const body = await read<PsychologyAnalytics>('/api/analytics/psychology');
  expect(body.assessments).toBe(4);
  expect(body.categories).toHaveLength(6);
  for (const category of body.categories) {
    // Latest results: l2 100, l3 50, l4 100 (l2's first result, 0, is gone).
    expect(category.mean).toBeCloseTo(250 / 3, 6);
    expect(category.bands).toEqual([
      { from: 0, to: 19, learners: 0 },
      { from: 20, to: 39, learners: 0 },
      { from: 40, to: 59, learners: 1 },
      { from: 60, to: 79, learners: 0 },
      { from: 80, to: 100, learners: 2 },
    ]);
  }
  // The archetypes the server gave each learner's latest result, read from the log.
  const latest = async (person: Person | undefined) => {
    const events = await stack.storage.log.readStream(streams.psychology(person?.userId ?? ''));
    const last = events[events.length - 1]?.data as EventData<'PsychologyAssessmentCompleted'> | undefined;
    return last?.traderArchetype;
  };
  const [top, middle] = [await latest(people[2]), await latest(people[3])];
  expect(await latest(people[4])).toBe(top);
  expect(top).not.toBe(middle);
  expect(body.archetypes).toEqual([
    { archetype: top, learners: 2 },
    { archetype: middle, learners: 1 },
  ]);
});

describe('compliance', () => {
  test('coverage per document version over the 7 registered users; only the latest version is active', async () => {
    const body = await read<ComplianceAnalytics>('/api/analytics/compliance');
    const key = (d: { documentType: string; version: string }) => `${d.documentType}@${d.version}`;
    const byKey = new Map(body.documents.map((d) => [key(d), d]));
    expect([...byKey.keys()].sort()).toEqual([...AUTHORED_DOCUMENTS, AMENDED].map(key).sort());
    for (const type of DocumentType.values) {
      // The five who passed the gate acknowledged the version in force then; none an older one.
      const inForce = documentInForce(type);
      expect(byKey.get(key(inForce))).toEqual({
        documentType: type,
        version: inForce.version,
        isActive: type !== 'risk_disclosure',
        acknowledged: 5,
        notAcknowledged: 2,
        coverage: 5 / 7,
      });
      for (const older of AUTHORED_DOCUMENTS.filter((d) => d.documentType === type && d !== inForce)) {
        expect(byKey.get(key(older))).toEqual({
          documentType: type,
          version: older.version,
          isActive: false,
          acknowledged: 0,
          notAcknowledged: 7,
          coverage: 0,
        });
      }
    }
    expect(byKey.get(key(AMENDED))).toEqual({
      documentType: 'risk_disclosure',
      version: AMENDED.version,
      isActive: true,
      acknowledged: 1,
      notAcknowledged: 6,
      coverage: 1 / 7,
    });
  });

  test.each([
    // server day → assessments whose (latest) expiry falls within the next 30 days
    [340, 3], // l2, l4, l6 expire on day 365; l3's first assessment (day 365) was replaced by day 465
    [366, 0], // those three expired yesterday; l5 (day 405) is 39 days away
    [380, 1], // l5
    [440, 1], // l3
    [470, 0],
  ])('risk assessments expiring within 30 days, on day %i: %i', async (serverDay, expected) => {
    clock.set(day(serverDay));
    const body = await read<ComplianceAnalytics>('/api/analytics/compliance');
    expect(body.riskAssessmentsExpiringWithin30Days).toBe(expected);
  });
});

test('no analytics response carries a registered e-mail address or user id', async () => {
  const paths = [
    '/api/analytics/funnel',
    '/api/analytics/modules',
    '/api/analytics/quiz-items',
    '/api/analytics/psychology',
    '/api/analytics/compliance',
    '/api/admin/projections',
  ];
  for (const path of paths) {
    const text = (await analyst.get(path)).text.toLowerCase();
    for (const person of people) {
      expect({ path, leaked: text.includes(person.email.toLowerCase()) }).toEqual({ path, leaked: false });
      expect({ path, leaked: text.includes(person.userId.toLowerCase()) }).toEqual({ path, leaked: false });
    }
  }
});
