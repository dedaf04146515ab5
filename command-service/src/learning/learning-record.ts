import { CERTIFICATE_PASS_SCORE, type EventOf } from '@tickwise/contracts';
import { accept, type Decider, domainError, refuse } from '@tickwise/platform';
import { isRightAnswer } from './answer-key';
import type { CatalogCourse, CatalogModule } from './course-catalog';

/** The learner's learning stream (`learning-{userId}`): lessons, graded answers, module quizzes, lesson checks. */
/** Every event of a learning stream, the simulator's runs included (no course rule depends on those). */
export type LearningEvent = EventOf<
  | 'LessonCompleted'
  | 'QuizQuestionAnswered'
  | 'ModuleQuizCompleted'
  | 'LessonCheckAnswered'
  | 'MarginSimulationCompleted'
  | 'ReviewAnswered'
  | 'CertificateIssued'
  | 'CertificateNameChosen'
>;

export interface LearningRecord {
  completedLessons: ReadonlySet<number>;
  completedQuizzes: ReadonlySet<number>;
  /** Per module: the latest answer to each question since that module's quiz was last completed. */
  openAnswers: Readonly<Record<number, Readonly<Record<number, boolean>>>>;
  /** The quiz questions and lesson checks missed at least once ('quiz:101', 'check:10073'): the review queue. */
  missed: ReadonlySet<string>;
  /** Per module: the best score of its quiz so far. */
  bestScores: Readonly<Record<number, number>>;
  /** The course versions a certificate was issued for. */
  certifiedVersions: ReadonlySet<string>;
  /** The ids of the learner's certificates. */
  certificates: ReadonlySet<string>;
}

/**
 * What a completion needs to issue a certificate, should it finish the course: the course in force, and the
 * certificate's id, name and hashed e-mail address (made by the route, used only if one is issued).
 */
export interface CertificateCandidate {
  course: CatalogCourse;
  certificateId: string;
  recipientName: string;
  identityHash: string;
  identitySalt: string;
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
      certificate?: CertificateCandidate;
    }
  | {
      kind: 'answerQuestion';
      questionId: number;
      selectedAnswer: number;
      question: { moduleId: number; correctAnswer: number; optionCount: number } | undefined;
      at: string;
    }
  | {
      kind: 'completeQuiz';
      moduleId: number;
      module: CatalogModule | undefined;
      at: string;
      certificate?: CertificateCandidate;
    }
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
    }
  | { kind: 'chooseCertificateName'; certificateId: string; recipientName: string };

export const NOT_IN_REVIEW =
  'This question is not in your review queue: only questions you have missed come back';

export const MODULE_NOT_FOUND = 'Module not found';

/** Quiz score: percent of the module's questions whose latest answer is correct (unanswered = wrong). */
export function quizScore(questionIds: readonly number[], answers: Readonly<Record<number, boolean>>) {
  const total = questionIds.length;
  const correct = questionIds.filter((id) => answers[id] === true).length;
  return { correct, total, score: total === 0 ? 0 : Math.round((correct / total) * 100) };
}

/**
 * The certificate rule: the course is complete when every lesson of every module in force is completed and
 * every module's quiz has been passed (a best score of 70 or more). A certificate is issued once per course
 * version; a new version completed again issues a new one, and the earlier ones stay.
 */
export function completesCourse(state: LearningRecord, course: CatalogCourse): boolean {
  return (
    !state.certifiedVersions.has(course.version) &&
    course.modules.every(
      ({ moduleId, lessonIds }) =>
        lessonIds.every((id) => state.completedLessons.has(id)) &&
        (state.bestScores[moduleId] ?? -1) >= CERTIFICATE_PASS_SCORE,
    )
  );
}

/** The completion's events, followed by a certificate when they finish the course. */
function withCertificate(
  state: LearningRecord,
  events: LearningEvent[],
  candidate: CertificateCandidate | undefined,
  at: string,
) {
  if (!candidate || events.length === 0) return accept(...events);
  const after = events.reduce(learningRecord.evolve, state);
  if (!completesCourse(after, candidate.course)) return accept(...events);
  const { course, certificateId, recipientName, identityHash, identitySalt } = candidate;
  return accept(...events, {
    type: 'CertificateIssued',
    data: {
      certificateId,
      courseVersion: course.version,
      recipientName,
      identityHash,
      identitySalt,
      issuedAt: at,
    },
  });
}

export const learningRecord: Decider<LearningCommand, LearningRecord, LearningEvent> = {
  initialState: {
    completedLessons: new Set(),
    completedQuizzes: new Set(),
    openAnswers: {},
    missed: new Set(),
    bestScores: {},
    certifiedVersions: new Set(),
    certificates: new Set(),
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
      case 'ModuleQuizCompleted': {
        const { moduleId, score } = event.data;
        return {
          ...state,
          completedQuizzes: new Set([...state.completedQuizzes, moduleId]),
          openAnswers: { ...state.openAnswers, [moduleId]: {} },
          bestScores: { ...state.bestScores, [moduleId]: Math.max(score, state.bestScores[moduleId] ?? 0) },
        };
      }
      case 'CertificateIssued':
        return {
          ...state,
          certifiedVersions: new Set([...state.certifiedVersions, event.data.courseVersion]),
          certificates: new Set([...state.certificates, event.data.certificateId]),
        };
      case 'CertificateNameChosen':
        return state;
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
        return withCertificate(
          state,
          [{ type: 'LessonCompleted', data: { moduleId, lessonId, completedAt: command.at } }],
          command.certificate,
          command.at,
        );
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
      case 'chooseCertificateName': {
        // Only the learner's own certificates: another's id reads as unknown.
        if (!state.certificates.has(command.certificateId))
          return refuse(domainError('not_found', 'Certificate not found'));
        return accept({
          type: 'CertificateNameChosen',
          data: { certificateId: command.certificateId, recipientName: command.recipientName.trim() },
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
        return withCertificate(
          state,
          [
            {
              type: 'ModuleQuizCompleted',
              data: { moduleId, score, correct, total, completedAt: command.at },
            },
          ],
          command.certificate,
          command.at,
        );
      }
    }
  },
};
