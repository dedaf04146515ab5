import { type DocumentType, event, streams } from '@tickwise/contracts';
import { riskAssessed } from '../../test/helpers';
import { inStream, projectionSpec, type Then } from '../../test/projection-spec';
import {
  type AnalyticsLearnerDoc,
  analyticsProjection,
  checkItemKey,
  type FunnelDoc,
  type ItemsDoc,
} from './analytics';

const { given } = projectionSpec(analyticsProjection);
const hash = 'e'.repeat(64);
const registered = (userId: string) =>
  inStream(streams.user(userId))(
    event('UserRegistered', {
      userId,
      email: `${userId}@example.com`,
      firstName: 'A',
      lastName: 'B',
      registeredAt: '2026-01-01T10:00:00.000Z',
    }),
  );
const acknowledged = (documentType: DocumentType) =>
  event('DocumentAcknowledged', {
    documentType,
    version: '1.0',
    contentHash: hash,
    viewedAt: '2026-01-01T10:00:00.000Z',
    acknowledgedAt: '2026-01-01T10:00:20.000Z',
    secondsRead: 20,
    ip: '203.0.113.7',
    userAgent: 'spec',
    consentText: 'I have read and understood this document.',
  });
const assessed = riskAssessed('r1', '2026-01-01T11:00:00.000Z', '2027-01-01T11:00:00.000Z');
const answered = (questionId: number, isCorrect: boolean) =>
  event('QuizQuestionAnswered', {
    moduleId: 1,
    questionId,
    selectedAnswer: 0,
    isCorrect,
    answeredAt: '2026-01-02T10:00:00.000Z',
  });
const quiz = (score: number) =>
  event('ModuleQuizCompleted', {
    moduleId: 1,
    score,
    correct: 0,
    total: 10,
    completedAt: '2026-01-02T11:00:00.000Z',
  });
const funnel = (docs: Then) => docs.document<FunnelDoc>('aggregates', 'funnel');

test('the funnel counts registered learners, and compliant ones once they acknowledged all four documents and assessed their risk', () => {
  const compliance = inStream(streams.compliance('u1'));
  const three = compliance(
    acknowledged('risk_disclosure'),
    acknowledged('cftc_warning'),
    acknowledged('privacy_policy'),
  );
  const history = given(...registered('u1'), ...registered('u2'), ...three, ...compliance(assessed));
  expect(funnel(history)).toMatchObject({ registered: 2, compliant: 0 });
  const then = history.when(
    ...compliance(acknowledged('educational_disclaimer'), acknowledged('educational_disclaimer')),
  );
  expect(funnel(then)).toMatchObject({ registered: 2, compliant: 1 });
});

test('modules started and completed are counted once per learner', () => {
  const lesson = (lessonId: number) =>
    event('LessonCompleted', { moduleId: 1, lessonId, completedAt: '2026-01-02T09:00:00.000Z' });
  const ann = inStream(streams.learning('u1'));
  const bob = inStream(streams.learning('u2'));
  const then = given(...ann(lesson(1), lesson(2), quiz(40))).when(...ann(quiz(90)), ...bob(lesson(1)));
  expect(funnel(then)).toMatchObject({ started: { 1: 2 }, completed: { 1: 1 } });
});

test('item analysis: first answers only, and the upper and lower groups by the first quiz score', () => {
  const upper = inStream(streams.learning('u1'));
  const lower = inStream(streams.learning('u2'));
  const then = given(...upper(answered(101, true), answered(101, false), quiz(80))).when(
    ...lower(answered(101, false), quiz(50), quiz(100)),
  );
  expect(then.document<ItemsDoc>('aggregates', 'items')?.questions).toEqual({
    101: {
      moduleId: 1,
      firstAttempts: 2,
      firstCorrect: 1,
      upper: 1,
      upperCorrect: 1,
      lower: 1,
      lowerCorrect: 0,
    },
  });
});

test("a learner's working document keeps each first answer as a plain entry, in the order given", () => {
  const learner = inStream(streams.learning('u1'));
  const then = given(...learner(answered(102, false), answered(101, true))).when(
    ...learner(answered(102, true), answered(103, true)),
  );
  const firstAnswers = then.document<AnalyticsLearnerDoc>('learners', 'u1')?.firstAnswers;
  expect(firstAnswers).toEqual([
    { qid: '102', moduleId: 1, correct: false },
    { qid: '101', moduleId: 1, correct: true },
    { qid: '103', moduleId: 1, correct: true },
  ]);
  expect(JSON.parse(JSON.stringify(firstAnswers))).toEqual(firstAnswers);
});

test('lesson checks: first answers only, keyed apart from quiz questions; grouped by the first quiz score whether answered before or after it', () => {
  const checked = (checkId: number, isCorrect: boolean) =>
    event('LessonCheckAnswered', {
      moduleId: 1,
      lessonId: 1,
      checkId,
      selectedAnswer: 0,
      isCorrect,
      answeredAt: '2026-01-02T09:30:00.000Z',
    });
  const upper = inStream(streams.learning('u1'));
  const lower = inStream(streams.learning('u2'));
  const middle = inStream(streams.learning('u3'));
  const then = given(
    // u1 answers the check wrongly, then rightly, before the quiz: the first answer counts, in the upper group.
    ...upper(checked(10011, false), checked(10011, true), answered(101, true), quiz(90)),
    ...lower(answered(101, false), quiz(40)),
  ).when(
    // u2 answers it after their first score (lower group); u3 scored 60 (neither group); a second check.
    ...lower(checked(10011, true), checked(10011, false)),
    ...middle(quiz(60), checked(10011, true), checked(10012, true)),
  );
  const items = then.document<ItemsDoc>('aggregates', 'items')?.questions;
  expect(items?.[checkItemKey(10011)]).toEqual({
    moduleId: 1,
    firstAttempts: 3,
    firstCorrect: 2,
    upper: 1,
    upperCorrect: 0,
    lower: 1,
    lowerCorrect: 1,
  });
  expect(items?.[checkItemKey(10012)]).toMatchObject({
    firstAttempts: 1,
    firstCorrect: 1,
    upper: 0,
    lower: 0,
  });
  // The quiz question's numbers are its own.
  expect(items?.[101]).toMatchObject({ firstAttempts: 2, firstCorrect: 1, upper: 1, lower: 1 });
});

test('each document’s published versions are listed once, in order', () => {
  const published = (version: string) =>
    event('ComplianceDocumentPublished', {
      documentType: 'risk_disclosure',
      version,
      title: 'Futures Risk Disclosure',
      content: 'Text',
      contentHash: hash,
      consentText: 'I have read and understood this document.',
      publishedAt: '2026-01-01T00:00:00.000Z',
    });
  const catalog = inStream(streams.catalogDocument('risk_disclosure'));
  expect(
    given(...catalog(published('1.0'), published('1.1')))
      .when(...catalog(published('1.1')))
      .documents('documents'),
  ).toEqual([{ id: 'risk_disclosure', versions: ['1.0', '1.1'] }]);
});
