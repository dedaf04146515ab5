import type { EventOf } from '@tickwise/contracts';
import { accept, type Decider, domainError, refuse } from '@tickwise/platform';
import { isRightAnswer } from './answer-key';
import type { CatalogModule } from './course-catalog';

/** The learner's learning stream (`learning-{userId}`): lessons, graded answers, module quizzes, lesson checks. */
/** Every event of a learning stream, the simulator's runs included (no course rule depends on those). */
export type LearningEvent = EventOf<
  | 'LessonCompleted'
  | 'QuizQuestionAnswered'
  | 'ModuleQuizCompleted'
  | 'LessonCheckAnswered'
  | 'MarginSimulationCompleted'
  | 'ReviewAnswered'
>;

export interface LearningRecord {
  completedLessons: ReadonlySet<number>;
  completedQuizzes: ReadonlySet<number>;
  /** Per module: the latest answer to each question since that module's quiz was last completed. */
  openAnswers: Readonly<Record<number, Readonly<Record<number, boolean>>>>;
  /** The quiz questions and lesson checks missed at least once ('quiz:101', 'check:10073'): the review queue. */
  missed: ReadonlySet<string>;
}

/** How the review queue names an item. */
export const reviewKey = (kind: 'quiz' | 'check', itemId: number): string => `${kind}:${itemId}`;

export type LearningCommand =
  | {
      kind: 'completeLesson';
      moduleId: number;
      lessonId: number;
      module: CatalogModule | undefined;
      at: string;
    }
  | {
      kind: 'answerQuestion';
      questionId: number;
      selectedAnswer: number;
      question: { moduleId: number; correctAnswer: number; optionCount: number } | undefined;
      at: string;
    }
  | { kind: 'completeQuiz'; moduleId: number; module: CatalogModule | undefined; at: string }
  | {
      kind: 'answerCheck';
      lessonId: number;
      checkId: number;
      selectedAnswer: number;
      /** The check's key, when it belongs to that lesson (see CourseCatalog.check). */
      check: { moduleId: number; correctAnswer: number; optionCount: number } | undefined;
      at: string;
    }
  | {
      kind: 'answerReview';
      itemKind: 'quiz' | 'check';
      itemId: number;
      lessonId: number | null;
      selectedAnswer: number;
      /** The item's key from the published course, if there is such an item. */
      key: { moduleId: number; correctAnswer: number; optionCount: number } | undefined;
      at: string;
    };

export const NOT_IN_REVIEW =
  'This question is not in your review queue: only questions you have missed come back';

export const MODULE_NOT_FOUND = 'Module not found';

/** Quiz score: percent of the module's questions whose latest answer is correct (unanswered = wrong). */
export function quizScore(questionIds: readonly number[], answers: Readonly<Record<number, boolean>>) {
  const total = questionIds.length;
  const correct = questionIds.filter((id) => answers[id] === true).length;
  return { correct, total, score: total === 0 ? 0 : Math.round((correct / total) * 100) };
}

export const learningRecord: Decider<LearningCommand, LearningRecord, LearningEvent> = {
  initialState: {
    completedLessons: new Set(),
    completedQuizzes: new Set(),
    openAnswers: {},
    missed: new Set(),
  },
  evolve(state, event) {
    switch (event.type) {
      case 'LessonCompleted':
        return { ...state, completedLessons: new Set([...state.completedLessons, event.data.lessonId]) };
      case 'QuizQuestionAnswered': {
        const { moduleId, questionId, isCorrect } = event.data;
        return {
          ...state,
          missed: isCorrect ? state.missed : new Set([...state.missed, reviewKey('quiz', questionId)]),
          openAnswers: {
            ...state.openAnswers,
            [moduleId]: { ...state.openAnswers[moduleId], [questionId]: isCorrect },
          },
        };
      }
      case 'LessonCheckAnswered':
        return event.data.isCorrect
          ? state
          : { ...state, missed: new Set([...state.missed, reviewKey('check', event.data.checkId)]) };
      case 'ReviewAnswered':
      case 'MarginSimulationCompleted':
        // Practice: no score, completion or quiz rule depends on it.
        return state;
      case 'ModuleQuizCompleted':
        return {
          ...state,
          completedQuizzes: new Set([...state.completedQuizzes, event.data.moduleId]),
          openAnswers: { ...state.openAnswers, [event.data.moduleId]: {} },
        };
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case 'completeLesson': {
        const { module, moduleId, lessonId } = command;
        if (!module) return refuse(domainError('not_found', MODULE_NOT_FOUND));
        if (!module.lessonIds.includes(lessonId)) {
          return refuse(domainError('rule', `Lesson ${lessonId} is not part of module ${moduleId}`));
        }
        if (state.completedLessons.has(lessonId)) return accept();
        return accept({ type: 'LessonCompleted', data: { moduleId, lessonId, completedAt: command.at } });
      }
      case 'answerQuestion': {
        const { question, questionId, selectedAnswer } = command;
        if (!question) return refuse(domainError('not_found', `Quiz question ${questionId} not found`));
        if (selectedAnswer >= question.optionCount) {
          return refuse(
            domainError('validation', `selectedAnswer: must be an integer 0-${question.optionCount - 1}`),
          );
        }
        return accept({
          type: 'QuizQuestionAnswered',
          data: {
            moduleId: question.moduleId,
            questionId,
            selectedAnswer,
            // Graded here, from the published answer key; whatever the client claimed is ignored.
            isCorrect: isRightAnswer(question, selectedAnswer),
            answeredAt: command.at,
          },
        });
      }
      case 'answerCheck': {
        const { check, lessonId, checkId, selectedAnswer } = command;
        if (!check)
          return refuse(domainError('not_found', `Check ${checkId} not found in lesson ${lessonId}`));
        if (selectedAnswer >= check.optionCount) {
          return refuse(
            domainError('validation', `selectedAnswer: must be an integer 0-${check.optionCount - 1}`),
          );
        }
        // Every submission is recorded (practice may be repeated); the latest is the one shown again.
        return accept({
          type: 'LessonCheckAnswered',
          data: {
            moduleId: check.moduleId,
            lessonId,
            checkId,
            selectedAnswer,
            isCorrect: isRightAnswer(check, selectedAnswer),
            answeredAt: command.at,
          },
        });
      }
      case 'answerReview': {
        const { key, itemKind, itemId, selectedAnswer } = command;
        if (!key) return refuse(domainError('not_found', `Review item ${itemKind} ${itemId} not found`));
        if (!state.missed.has(reviewKey(itemKind, itemId))) return refuse(domainError('rule', NOT_IN_REVIEW));
        if (selectedAnswer >= key.optionCount) {
          return refuse(
            domainError('validation', `selectedAnswer: must be an integer 0-${key.optionCount - 1}`),
          );
        }
        return accept({
          type: 'ReviewAnswered',
          data: {
            itemKind,
            itemId,
            lessonId: command.lessonId,
            moduleId: key.moduleId,
            selectedAnswer,
            isCorrect: isRightAnswer(key, selectedAnswer),
            answeredAt: command.at,
          },
        });
      }
      case 'completeQuiz': {
        const { module, moduleId } = command;
        if (!module) return refuse(domainError('not_found', MODULE_NOT_FOUND));
        const missing = module.lessonIds.filter((id) => !state.completedLessons.has(id));
        if (missing.length > 0) {
          return refuse(
            domainError(
              'rule',
              `Complete every lesson of module ${moduleId} before its quiz (${missing.length} left)`,
            ),
          );
        }
        const answers = state.openAnswers[moduleId] ?? {};
        // Completing again without a new attempt changes nothing; a retake (new answers) is a new result.
        if (state.completedQuizzes.has(moduleId) && Object.keys(answers).length === 0) return accept();
        const { score, correct, total } = quizScore([...module.questions.keys()], answers);
        return accept({
          type: 'ModuleQuizCompleted',
          data: { moduleId, score, correct, total, completedAt: command.at },
        });
      }
    }
  },
};
