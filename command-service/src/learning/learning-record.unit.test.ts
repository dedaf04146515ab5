/**
 * The learning decider, given/when/then:
 * lessons belong to their module, answers are graded from the published key, and the module quiz score is
 * computed here from the latest answers since the previous completion.
 */

import { deciderSpec, fold } from '@tickwise/platform';
import type { CatalogModule } from './course-catalog';
import {
  type LearningCommand,
  type LearningEvent,
  learningRecord,
  MODULE_NOT_FOUND,
  quizScore,
} from './learning-record';

// given (the learning stream's past events) / when (a command) / then (the events, or the refusal)
const { given } = deciderSpec(learningRecord);

const T0 = '2026-02-01T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
const noEvents = { ok: true, events: [] };
const refused = (kind: string, message: string) => ({ ok: false, error: { kind, message } });

// Module 1 as authored: lessons 1-4; questions 101-103 with correctAnswer (1-based) 2, 4, 1, four options each.
const KEY: ReadonlyArray<[number, number]> = [
  [101, 2],
  [102, 4],
  [103, 1],
];
const MODULE_1: CatalogModule = {
  moduleId: 1,
  lessonIds: [1, 2, 3, 4],
  questions: new Map(
    KEY.map(([id, correctAnswer]) => [
      id,
      { correctAnswer, optionCount: 4, explanation: `Why ${correctAnswer} is right.`, whyWrong: {} },
    ]),
  ),
  checks: new Map(),
};
const MODULE_2: CatalogModule = {
  moduleId: 2,
  lessonIds: [5, 6, 7, 8],
  questions: new Map(),
  checks: new Map(),
};

const completeLesson = (lessonId: number, module: CatalogModule = MODULE_1, minutes = 0) =>
  ({
    kind: 'completeLesson',
    moduleId: module.moduleId,
    lessonId,
    module,
    at: at(minutes),
  }) satisfies LearningCommand;
const lessonCompleted = (lessonId: number, moduleId = 1, minutes = 0): LearningEvent => ({
  type: 'LessonCompleted',
  data: { moduleId, lessonId, completedAt: at(minutes) },
});
const question = (questionId: number) => {
  const found = MODULE_1.questions.get(questionId);
  return found ? { moduleId: 1, ...found } : undefined;
};
const answerQuestion = (questionId: number, selectedAnswer: number, minutes = 0) =>
  ({
    kind: 'answerQuestion',
    questionId,
    selectedAnswer,
    question: question(questionId),
    at: at(minutes),
  }) satisfies LearningCommand;
const answered = (
  questionId: number,
  selectedAnswer: number,
  isCorrect: boolean,
  minutes = 0,
): LearningEvent => ({
  type: 'QuizQuestionAnswered',
  data: { moduleId: 1, questionId, selectedAnswer, isCorrect, answeredAt: at(minutes) },
});
const completeQuiz = (module: CatalogModule = MODULE_1, minutes = 0) =>
  ({ kind: 'completeQuiz', moduleId: module.moduleId, module, at: at(minutes) }) satisfies LearningCommand;
const quizCompleted = (score: number, correct: number, total: number, minutes = 0): LearningEvent => ({
  type: 'ModuleQuizCompleted',
  data: { moduleId: 1, score, correct, total, completedAt: at(minutes) },
});
const allLessons = [1, 2, 3, 4].map((id) => lessonCompleted(id));

describe('completeLesson', () => {
  test('given nothing, when a lesson of its module is completed, then LessonCompleted at the command time', () => {
    expect(given().when(completeLesson(3, MODULE_1, 5))).toEqual({
      ok: true,
      events: [{ type: 'LessonCompleted', data: { moduleId: 1, lessonId: 3, completedAt: at(5) } }],
    });
  });

  test('a margin simulator run in the same stream changes no course rule', () => {
    const run: LearningEvent = {
      type: 'MarginSimulationCompleted',
      data: {
        scenarioId: 'es-three-day-slide',
        scenarioVersion: '1.0',
        scenarioTitle: 'A three-day slide in the E-mini S&P 500',
        side: 'long',
        contracts: 1,
        startingBalance: 30_000,
        responses: [],
        outcome: {
          finalBalance: 30_000,
          deposited: 0,
          callsReceived: 0,
          tradingResult: 0,
          worstDrawdown: 0,
          closedOnDay: null,
          contractsAtEnd: 1,
        },
        completedAt: at(1),
      },
    };
    expect(given(lessonCompleted(1), run).when(completeLesson(3, MODULE_1, 5))).toEqual(
      given(lessonCompleted(1)).when(completeLesson(3, MODULE_1, 5)),
    );
  });

  test('a lesson of another module is refused as a rule (422) naming lesson and module', () => {
    expect(given().when(completeLesson(5))).toEqual(refused('rule', 'Lesson 5 is not part of module 1'));
    expect(given().when(completeLesson(1, MODULE_2))).toEqual(
      refused('rule', 'Lesson 1 is not part of module 2'),
    );
  });

  test('an unknown module (not published) is not_found', () => {
    expect(given().when({ ...completeLesson(1), moduleId: 13, module: undefined })).toEqual(
      refused('not_found', MODULE_NOT_FOUND),
    );
  });

  test('completing a lesson already completed appends nothing', () => {
    expect(given(lessonCompleted(2)).when(completeLesson(2, MODULE_1, 9))).toEqual(noEvents);
  });

  test('other lessons stay completable after one is completed', () => {
    expect(given(lessonCompleted(2)).when(completeLesson(4))).toEqual({
      ok: true,
      events: [lessonCompleted(4)],
    });
  });
});

describe('answerQuestion: graded from the published key (selectedAnswer 0-based, correctAnswer 1-based)', () => {
  test.each<[number, number, boolean]>([
    [101, 1, true], // correctAnswer 2 → index 1
    [101, 2, false], // the 1-based number itself is wrong
    [101, 0, false],
    [102, 3, true], // correctAnswer 4 → index 3, the last option
    [103, 0, true], // correctAnswer 1 → index 0, the first option
    [103, 1, false],
  ])('question %i, selectedAnswer %i → isCorrect %s', (questionId, selectedAnswer, isCorrect) => {
    expect(given().when(answerQuestion(questionId, selectedAnswer, 2))).toEqual({
      ok: true,
      events: [answered(questionId, selectedAnswer, isCorrect, 2)],
    });
  });

  test('a selectedAnswer beyond the options is a validation error naming the field and range', () => {
    expect(given().when(answerQuestion(101, 4))).toEqual(
      refused('validation', 'selectedAnswer: must be an integer 0-3'),
    );
    expect(given().when(answerQuestion(101, 3)).ok).toBe(true);
  });

  test('an unknown question is not_found', () => {
    expect(given().when(answerQuestion(999, 0))).toEqual(refused('not_found', 'Quiz question 999 not found'));
  });

  test('answering again is recorded again (a retake), each graded on its own', () => {
    expect(given(answered(101, 1, true)).when(answerQuestion(101, 0))).toEqual({
      ok: true,
      events: [answered(101, 0, false)],
    });
  });
});

describe('completeQuiz', () => {
  test('before every lesson of the module is completed: a rule refusal saying how many are left', () => {
    expect(given().when(completeQuiz())).toEqual(
      refused('rule', 'Complete every lesson of module 1 before its quiz (4 left)'),
    );
    expect(given(lessonCompleted(1), lessonCompleted(2), lessonCompleted(4)).when(completeQuiz())).toEqual(
      refused('rule', 'Complete every lesson of module 1 before its quiz (1 left)'),
    );
  });

  test('lessons of another module do not count towards this one', () => {
    const otherModule = [5, 6, 7, 8].map((id) => lessonCompleted(id, 2));
    expect(given(...otherModule).when(completeQuiz()).ok).toBe(false);
  });

  test('an unknown module is not_found', () => {
    expect(given(...allLessons).when({ ...completeQuiz(), moduleId: 13, module: undefined })).toEqual(
      refused('not_found', MODULE_NOT_FOUND),
    );
  });

  test('the score is round(correct / total × 100) over the module questions; unanswered counts as wrong', () => {
    // 101 right, 102 wrong, 103 unanswered → 1 of 3 → 33
    expect(
      given(...allLessons, answered(101, 1, true), answered(102, 0, false)).when(completeQuiz(MODULE_1, 7)),
    ).toEqual({
      ok: true,
      events: [
        {
          type: 'ModuleQuizCompleted',
          data: { moduleId: 1, score: 33, correct: 1, total: 3, completedAt: at(7) },
        },
      ],
    });
  });

  test('2 of 3 right rounds to 67; all right is 100; no answers at all is 0', () => {
    const twoRight = given(...allLessons, answered(101, 1, true), answered(103, 0, true)).when(
      completeQuiz(),
    );
    expect(twoRight.ok && twoRight.events).toEqual([quizCompleted(67, 2, 3)]);
    const allRight = given(
      ...allLessons,
      answered(101, 1, true),
      answered(102, 3, true),
      answered(103, 0, true),
    ).when(completeQuiz());
    expect(allRight.ok && allRight.events).toEqual([quizCompleted(100, 3, 3)]);
    const none = given(...allLessons).when(completeQuiz());
    expect(none.ok && none.events).toEqual([quizCompleted(0, 0, 3)]);
  });

  test('the latest answer to a question counts, not the first', () => {
    const decision = given(...allLessons, answered(101, 0, false), answered(101, 1, true)).when(
      completeQuiz(),
    );
    expect(decision.ok && decision.events).toEqual([quizCompleted(33, 1, 3)]);
    const changedToWrong = given(...allLessons, answered(101, 1, true), answered(101, 2, false)).when(
      completeQuiz(),
    );
    expect(changedToWrong.ok && changedToWrong.events).toEqual([quizCompleted(0, 0, 3)]);
  });

  test('completing again with no new answers appends nothing', () => {
    const history = [...allLessons, answered(101, 1, true), quizCompleted(33, 1, 3)];
    expect(given(...history).when(completeQuiz(MODULE_1, 30))).toEqual(noEvents);
  });

  test('a retake counts only the answers given since the previous completion', () => {
    const history = [
      ...allLessons,
      answered(101, 1, true),
      answered(102, 3, true),
      answered(103, 0, true),
      quizCompleted(100, 3, 3),
      // the retake: only 102 answered (wrongly) this time
      answered(102, 0, false, 20),
    ];
    expect(given(...history).when(completeQuiz(MODULE_1, 21))).toEqual({
      ok: true,
      events: [
        {
          type: 'ModuleQuizCompleted',
          data: { moduleId: 1, score: 0, correct: 0, total: 3, completedAt: at(21) },
        },
      ],
    });
  });

  test('a retake with new right answers gives a new result with the new score', () => {
    const history = [...allLessons, answered(101, 0, false), quizCompleted(0, 0, 3), answered(101, 1, true)];
    const decision = given(...history).when(completeQuiz());
    expect(decision.ok && decision.events).toEqual([quizCompleted(33, 1, 3)]);
  });

  test("answers to another module's questions do not count, nor reset this module", () => {
    const otherAnswer: LearningEvent = {
      type: 'QuizQuestionAnswered',
      data: { moduleId: 2, questionId: 201, selectedAnswer: 0, isCorrect: true, answeredAt: at(0) },
    };
    const history = [...allLessons, answered(101, 1, true), quizCompleted(33, 1, 3), otherAnswer];
    expect(given(...history).when(completeQuiz())).toEqual(noEvents);
  });
});

describe('evolve', () => {
  test('a completion clears that module’s open answers and records the quiz as completed', () => {
    const state = fold(learningRecord, [
      ...allLessons,
      answered(101, 1, true),
      {
        type: 'QuizQuestionAnswered',
        data: { moduleId: 2, questionId: 201, selectedAnswer: 0, isCorrect: true, answeredAt: at(0) },
      },
      quizCompleted(33, 1, 3),
    ]);
    expect([...state.completedLessons].sort()).toEqual([1, 2, 3, 4]);
    expect([...state.completedQuizzes]).toEqual([1]);
    expect(state.openAnswers).toEqual({ 1: {}, 2: { 201: true } });
  });
});

describe('answerCheck: a lesson check, graded from the published lesson, never part of a quiz', () => {
  // Lesson 2's check 10021: three options, the second right (1-based 2 → index 1).
  const CHECK = { moduleId: 1, correctAnswer: 2, optionCount: 3 };
  // null: the catalog found no such check in that lesson.
  const answerCheck = (selectedAnswer: number, found: typeof CHECK | null = CHECK) =>
    ({
      kind: 'answerCheck',
      lessonId: 2,
      checkId: 10021,
      selectedAnswer,
      check: found ?? undefined,
      at: at(3),
    }) satisfies LearningCommand;
  const checkAnswered = (selectedAnswer: number, isCorrect: boolean): LearningEvent => ({
    type: 'LessonCheckAnswered',
    data: { moduleId: 1, lessonId: 2, checkId: 10021, selectedAnswer, isCorrect, answeredAt: at(3) },
  });

  test.each<[number, boolean]>([
    [1, true],
    [0, false],
    [2, false],
  ])('selectedAnswer %i → LessonCheckAnswered isCorrect %s', (selectedAnswer, isCorrect) => {
    expect(given().when(answerCheck(selectedAnswer))).toEqual({
      ok: true,
      events: [checkAnswered(selectedAnswer, isCorrect)],
    });
  });

  test('answering again is recorded again: one event per submission', () => {
    expect(given(checkAnswered(0, false)).when(answerCheck(1))).toEqual({
      ok: true,
      events: [checkAnswered(1, true)],
    });
  });

  test('a check not in that lesson (or unknown) is not_found naming both; a choice beyond the options is a validation error', () => {
    expect(given().when(answerCheck(0, null))).toEqual(
      refused('not_found', 'Check 10021 not found in lesson 2'),
    );
    expect(given().when(answerCheck(3))).toEqual(
      refused('validation', 'selectedAnswer: must be an integer 0-2'),
    );
  });

  test('check answers change no quiz rule: not an open quiz answer, no completion', () => {
    const state = fold(learningRecord, [...allLessons, checkAnswered(1, true)]);
    expect(state.openAnswers).toEqual({});
    expect(state.completedQuizzes.size).toBe(0);
    // The module quiz scores only its own questions: a right check answer adds nothing.
    expect(given(...allLessons, checkAnswered(1, true)).when(completeQuiz())).toEqual({
      ok: true,
      events: [quizCompleted(0, 0, 3)],
    });
  });
});

describe('quizScore', () => {
  test.each<[number[], Record<number, boolean>, { correct: number; total: number; score: number }]>([
    [[1, 2, 3], { 1: true, 2: true, 3: true }, { correct: 3, total: 3, score: 100 }],
    [[1, 2, 3], { 1: true }, { correct: 1, total: 3, score: 33 }],
    [[1, 2, 3], { 1: true, 2: true }, { correct: 2, total: 3, score: 67 }],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9], { 1: true, 5: true, 6: false }, { correct: 2, total: 9, score: 22 }],
    [[1, 2, 3, 4, 5, 6, 7, 8], { 1: true }, { correct: 1, total: 8, score: 13 }], // 12.5 rounds up
    [[1, 2], { 1: false, 2: false }, { correct: 0, total: 2, score: 0 }],
    [[1, 2], {}, { correct: 0, total: 2, score: 0 }],
    [[], {}, { correct: 0, total: 0, score: 0 }],
  ])('questions %j, answers %j → %j', (ids, answers, expected) => {
    expect(quizScore(ids, answers)).toEqual(expected);
  });

  test('answers to questions outside the module are not counted', () => {
    expect(quizScore([1, 2], { 1: true, 3: true, 4: true })).toEqual({ correct: 1, total: 2, score: 50 });
  });
});

describe('the certificate rule', () => {
  // A course of module 1 only, in two versions: the second one republished with new content.
  const course = (version: string) => ({
    version: version.repeat(64),
    modules: [{ moduleId: 1, lessonIds: [1, 2, 3, 4] }],
  });
  const candidate = (version: string, certificateId = `certificate-${version}`) => ({
    course: course(version),
    certificateId,
    recipientName: 'Ann Lee',
    identityHash: `sha256$${'e'.repeat(64)}`,
    identitySalt: 'salt',
  });
  const issued = (version: string, minutes = 0, certificateId = `certificate-${version}`): LearningEvent => ({
    type: 'CertificateIssued',
    data: {
      certificateId,
      courseVersion: version.repeat(64),
      recipientName: 'Ann Lee',
      identityHash: `sha256$${'e'.repeat(64)}`,
      identitySalt: 'salt',
      issuedAt: at(minutes),
    },
  });
  const rightAnswers = [answered(101, 1, true), answered(102, 3, true), answered(103, 0, true)];

  test('a quiz passed at 70 or more with every lesson done issues a certificate with the completion', () => {
    expect(
      given(...allLessons, ...rightAnswers).when({
        ...completeQuiz(MODULE_1, 7),
        certificate: candidate('a'),
      }),
    ).toEqual({ ok: true, events: [quizCompleted(100, 3, 3, 7), issued('a', 7)] });
  });

  test('a quiz below 70 issues none; a retake that passes does', () => {
    const twoOfThree = [answered(101, 1, true), answered(102, 3, true), answered(103, 1, false)];
    expect(
      given(...allLessons, ...twoOfThree).when({ ...completeQuiz(), certificate: candidate('a') }),
    ).toEqual({ ok: true, events: [quizCompleted(67, 2, 3)] });
    expect(
      given(...allLessons, ...twoOfThree, quizCompleted(67, 2, 3), ...rightAnswers).when({
        ...completeQuiz(),
        certificate: candidate('a'),
      }),
    ).toEqual({ ok: true, events: [quizCompleted(100, 3, 3), issued('a')] });
  });

  test('a later lower score keeps the pass: the best score counts', () => {
    const state = fold(learningRecord, [...allLessons, quizCompleted(100, 3, 3), quizCompleted(0, 0, 3)]);
    expect(state.bestScores[1]).toBe(100);
  });

  test('the same course version is certified once; a new version completed again issues a new one', () => {
    const history = [...allLessons, ...rightAnswers, quizCompleted(100, 3, 3), issued('a')];
    expect(
      given(...history, ...rightAnswers).when({ ...completeQuiz(), certificate: candidate('a') }),
    ).toEqual({ ok: true, events: [quizCompleted(100, 3, 3)] });
    expect(
      given(...history, ...rightAnswers).when({ ...completeQuiz(MODULE_1, 9), certificate: candidate('b') }),
    ).toEqual({ ok: true, events: [quizCompleted(100, 3, 3, 9), issued('b', 9)] });
    const state = fold(learningRecord, [...history, issued('b', 9)]);
    expect([...state.certifiedVersions]).toEqual(['a'.repeat(64), 'b'.repeat(64)]);
  });

  test('a completion that appends nothing issues nothing, even when the course would be complete', () => {
    const history = [...allLessons, quizCompleted(100, 3, 3)];
    expect(given(...history).when({ ...completeLesson(2), certificate: candidate('a') })).toEqual(noEvents);
  });
});
