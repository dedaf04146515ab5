import { event, streams } from '@tickwise/contracts';
import { inStream, projectionSpec } from '../../test/projection-spec';
import { type LearningDoc, learningProjection } from './learning';

const { given } = projectionSpec(learningProjection);
const ada = inStream(streams.learning('u1'));
const lesson = (lessonId: number, completedAt: string) =>
  event('LessonCompleted', { moduleId: 1, lessonId, completedAt });
const quiz = (score: number, completedAt: string) =>
  event('ModuleQuizCompleted', { moduleId: 1, score, correct: score / 10, total: 10, completedAt });

test('each completed lesson is recorded once, at its first completion', () => {
  const history = ada(
    lesson(1, '2026-01-01T10:00:00.000Z'),
    lesson(1, '2026-01-01T11:00:00.000Z'),
    lesson(2, '2026-01-01T12:00:00.000Z'),
  );
  const record = (index: number, lessonId: number, createdAt: string) => ({
    id: history[index]?.eventId,
    moduleId: 1,
    lessonId,
    completed: true,
    createdAt,
  });
  expect(given(...history).documents('learners')).toEqual([
    {
      id: 'u1',
      records: [record(0, 1, '2026-01-01T10:00:00.000Z'), record(2, 2, '2026-01-01T12:00:00.000Z')],
      quizzes: [],
      checks: {},
    },
  ]);
});

test('the latest answer to each lesson check is kept, by check id; a check answer is no progress record', () => {
  const check = (checkId: number, selectedAnswer: number, isCorrect: boolean, answeredAt: string) =>
    event('LessonCheckAnswered', {
      moduleId: 1,
      lessonId: 1,
      checkId,
      selectedAnswer,
      isCorrect,
      answeredAt,
    });
  const learner = given(...ada(check(10011, 0, false, '2026-01-01T10:00:00.000Z')))
    .when(
      ...ada(
        check(10011, 2, true, '2026-01-01T10:01:00.000Z'),
        check(10012, 1, false, '2026-01-01T10:02:00.000Z'),
      ),
    )
    .document<LearningDoc>('learners', 'u1');
  expect(learner?.checks).toEqual({
    10011: {
      lessonId: 1,
      checkId: 10011,
      selectedAnswer: 2,
      isCorrect: true,
      answeredAt: '2026-01-01T10:01:00.000Z',
    },
    10012: {
      lessonId: 1,
      checkId: 10012,
      selectedAnswer: 1,
      isCorrect: false,
      answeredAt: '2026-01-01T10:02:00.000Z',
    },
  });
  expect(learner?.records).toEqual([]);
});

test('every quiz result is kept; the module is recorded complete at its first quiz completion only', () => {
  const failed = ada(quiz(50, '2026-01-01T14:00:00.000Z'));
  const passed = ada(quiz(90, '2026-01-02T14:00:00.000Z'));
  const learner = given(...failed)
    .when(...passed)
    .document<LearningDoc>('learners', 'u1');
  expect(learner?.records).toEqual([
    {
      id: failed[0]?.eventId,
      moduleId: 1,
      lessonId: null,
      completed: true,
      createdAt: '2026-01-01T14:00:00.000Z',
    },
  ]);
  expect(learner?.quizzes).toEqual([
    { moduleId: 1, score: 50, completedAt: '2026-01-01T14:00:00.000Z' },
    { moduleId: 1, score: 90, completedAt: '2026-01-02T14:00:00.000Z' },
  ]);
});

test('a quiz answer changes no learning document; each learner has a document of their own', () => {
  const answered = event('QuizQuestionAnswered', {
    moduleId: 1,
    questionId: 101,
    selectedAnswer: 0,
    isCorrect: true,
    answeredAt: '2026-01-01T13:00:00.000Z',
  });
  const then = given(...ada(answered, answered)).when(
    ...inStream(streams.learning('u2'))(lesson(5, '2026-01-02T10:00:00.000Z')),
  );
  expect(then.documents<LearningDoc>('learners').map((d) => [d.id, d.records.length])).toEqual([['u2', 1]]);
});
