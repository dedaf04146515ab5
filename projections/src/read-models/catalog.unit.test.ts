import { event, streams } from '@tickwise/contracts';
import { inStream, projectionSpec } from '../../test/projection-spec';
import { catalogProjection, type StoredLesson } from './catalog';

const { given } = projectionSpec(catalogProjection);
const moduleOne = inStream(streams.catalogModule(1));
const hash = 'c'.repeat(64);
const published = (title: string) =>
  event('ModulePublished', {
    moduleId: 1,
    title,
    level: 'BEGINNER',
    description: 'What a futures contract is.',
    lessonIds: [1, 2],
    contentHash: hash,
  });
const lesson = event('LessonPublished', {
  lessonId: 2,
  moduleId: 1,
  position: 2,
  title: 'Margin',
  description: 'Initial and maintenance margin.',
  duration: 12,
  videoUrl: null,
  content: '# Margin',
  contentHash: hash,
});
const question = {
  id: 101,
  question: 'What is initial margin?',
  options: ['A deposit', 'A fee'],
  correctAnswer: 1,
  explanation: null,
};

test('a published module is stored by its id; a new edition replaces it', () => {
  expect(
    given(...moduleOne(published('Basics')))
      .when(...moduleOne(published('Futures basics')))
      .documents('modules'),
  ).toEqual([
    {
      id: '1',
      moduleId: 1,
      title: 'Futures basics',
      description: 'What a futures contract is.',
      level: 'BEGINNER',
      lessonIds: [1, 2],
    },
  ]);
});

test('a lesson is stored by its lesson id with its module and place in it, without the content hash', () => {
  expect(given(...moduleOne(lesson)).documents('lessons')).toEqual([
    {
      id: '2',
      lessonId: 2,
      moduleId: 1,
      position: 2,
      title: 'Margin',
      description: 'Initial and maintenance margin.',
      duration: 12,
      videoUrl: null,
      content: '# Margin',
      // Published before checks were authored: none.
      checks: [],
    },
  ]);
});

test('a lesson’s summary (module and duration, no content) is kept apart for the module list', () => {
  const longer = event('LessonPublished', { ...lesson.data, duration: 15 });
  expect(
    given(...moduleOne(lesson))
      .when(...moduleOne(longer))
      .documents('lessonSummaries'),
  ).toEqual([{ id: '2', lessonId: 2, moduleId: 1, duration: 15 }]);
});

test('a lesson’s checks are stored as published, key and whyWrong included (the query side hides them)', () => {
  const check = { ...question, id: 10021, whyWrong: { '1': 'Not A.' } };
  const withChecks = event('LessonPublished', { ...lesson.data, checks: [check] });
  expect(given(...moduleOne(withChecks)).documents<StoredLesson>('lessons')[0]?.checks).toEqual([check]);
});

test('a module quiz is stored by its module id with its questions', () => {
  const quiz = event('QuizPublished', { moduleId: 1, questions: [question], contentHash: hash });
  expect(given(...moduleOne(quiz)).documents('quizzes')).toEqual([
    { id: '1', moduleId: 1, questions: [question] },
  ]);
});
