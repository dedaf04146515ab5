import { event, streams } from '@tickwise/contracts';
import { inStream, projectionSpec } from '../../test/projection-spec';
import { type ReviewDoc, reviewProjection } from './review';

const { given } = projectionSpec(reviewProjection);
const learning = inStream(streams.learning('u1'));
const at = (minutes: number) =>
  new Date(Date.parse('2027-03-01T09:00:00.000Z') + minutes * 60_000).toISOString();
const quiz = (questionId: number, isCorrect: boolean, minutes: number) =>
  event('QuizQuestionAnswered', {
    moduleId: 2,
    questionId,
    selectedAnswer: 0,
    isCorrect,
    answeredAt: at(minutes),
  });
const check = (checkId: number, isCorrect: boolean, minutes: number) =>
  event('LessonCheckAnswered', {
    moduleId: 2,
    lessonId: 5,
    checkId,
    selectedAnswer: 0,
    isCorrect,
    answeredAt: at(minutes),
  });
const review = (itemId: number, isCorrect: boolean, minutes: number) =>
  event('ReviewAnswered', {
    itemKind: 'quiz',
    itemId,
    lessonId: null,
    moduleId: 2,
    selectedAnswer: 0,
    isCorrect,
    answeredAt: at(minutes),
  });

test('a right first try is only counted; a miss joins the queue, due 10 minutes later', () => {
  const doc = given()
    .when(...learning(quiz(201, true, 0), quiz(202, false, 0), check(10051, false, 1)))
    .document<ReviewDoc>('learners', 'u1');
  expect(doc?.answers).toEqual({
    'quiz:201': { moduleId: 2, right: true },
    'quiz:202': { moduleId: 2, right: false },
    'check:10051': { moduleId: 2, right: false },
  });
  expect(Object.keys(doc?.queue ?? {})).toEqual(['quiz:202', 'check:10051']);
  expect(doc?.queue['quiz:202']?.card.due).toBe(at(10));
  expect(doc?.queue['check:10051']).toMatchObject({ kind: 'check', lessonId: 5, card: { due: at(11) } });
});

test('a right review moves the item a day on; a wrong one brings it back in 10 minutes; reviews are counted apart', () => {
  const right = given(...learning(quiz(202, false, 0)))
    .when(...learning(review(202, true, 10)))
    .document<ReviewDoc>('learners', 'u1');
  expect(right?.queue['quiz:202']?.card.due).toBe(at(10 + 24 * 60));
  expect(right?.answers['quiz:202']).toEqual({ moduleId: 2, right: true });
  expect(right?.reviews).toBe(1);
  const wrong = given(...learning(quiz(202, false, 0)))
    .when(...learning(review(202, false, 10)))
    .document<ReviewDoc>('learners', 'u1');
  expect(wrong?.queue['quiz:202']?.card.due).toBe(at(20));
});
