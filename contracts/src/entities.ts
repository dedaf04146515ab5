/** The entities as the API returns them, plus the dashboard and trading profile. */
import * as t from 'io-ts';
import {
  email as emailAddress,
  entityId,
  intRange,
  isoDateTime,
  nonEmptyString,
  nonNegativeInt,
  nullable,
  oneOf,
  percent,
  positiveInt,
  struct,
  text,
} from './codecs';
import { limits } from './limits';
import { ExperienceLevel, InvestmentObjective, ModuleLevel, PsychologyCategory, Role } from './vocabulary';

const title = nonEmptyString(limits.title);
const version = nonEmptyString(limits.version);

/** The signed-in user's record (GET /api/auth/me, and `user` of login/register). */
export const User = struct(
  {
    id: entityId,
    email: emailAddress,
    firstName: text(limits.name),
    lastName: text(limits.name),
    isCompliant: t.boolean,
    roles: t.array(Role),
    createdAt: isoDateTime,
  },
  'User',
);
export type User = t.TypeOf<typeof User>;

/** A course module; duration in minutes. */
export const Module = struct(
  {
    id: positiveInt,
    title,
    description: t.string,
    level: ModuleLevel,
    duration: nonNegativeInt,
  },
  'Module',
);
export type Module = t.TypeOf<typeof Module>;

/**
 * What a graded answer teaches, returned only once the learner has answered: whether it was right, the
 * right option (1-based, as the authored key), why it is right, and why the chosen option is wrong (null
 * when the answer was right or no reason was written).
 */
export const answerFeedback = {
  isCorrect: t.boolean,
  correctAnswer: positiveInt,
  explanation: nullable(t.string),
  whyWrong: nullable(t.string),
} as const;
export const AnswerFeedback = struct(answerFeedback, 'AnswerFeedback');
export type AnswerFeedback = t.TypeOf<typeof AnswerFeedback>;

/**
 * The learner's latest answer to a lesson check, graded by the server (selectedAnswer 0-based,
 * correctAnswer 1-based), with its feedback.
 */
export const CheckAnswer = struct(
  {
    checkId: positiveInt,
    selectedAnswer: nonNegativeInt,
    answeredAt: isoDateTime,
    ...answerFeedback,
  },
  'CheckAnswer',
);
export type CheckAnswer = t.TypeOf<typeof CheckAnswer>;

/**
 * A 'Check your understanding' question after a lesson (practice: it never counts toward a quiz score or
 * blocks completion). Its key and feedback come only with the learner's own answer, null until there is one.
 */
export const LessonCheck = struct(
  {
    id: positiveInt,
    question: nonEmptyString(limits.description),
    options: t.array(t.string),
    answer: nullable(CheckAnswer),
  },
  'LessonCheck',
);
export type LessonCheck = t.TypeOf<typeof LessonCheck>;

/** A lesson; `content` is the markdown-like lesson text, duration in minutes; `checks` follow the text. */
export const Lesson = struct(
  {
    id: positiveInt,
    title,
    description: t.string,
    duration: nonNegativeInt,
    videoUrl: nullable(t.string),
    content: t.string,
    checks: t.array(LessonCheck),
  },
  'Lesson',
);
export type Lesson = t.TypeOf<typeof Lesson>;

/**
 * A quiz question as a learner sees it before answering: the answer key, the explanation and the feedback
 * per wrong option stay on the server until an answer is submitted (POST /api/quiz/attempt answers them).
 */
export const QuizQuestion = struct(
  {
    id: positiveInt,
    question: nonEmptyString(limits.description),
    options: t.array(t.string),
  },
  'QuizQuestion',
);
export type QuizQuestion = t.TypeOf<typeof QuizQuestion>;

/** A progress record; lessonId null means the module quiz (the whole module) is done. */
export const ProgressRecord = struct(
  {
    id: entityId,
    moduleId: positiveInt,
    lessonId: nullable(positiveInt),
    completed: t.boolean,
    createdAt: isoDateTime,
  },
  'ProgressRecord',
);
export type ProgressRecord = t.TypeOf<typeof ProgressRecord>;

/** A module quiz result; score is the percent correct, computed by the server. */
export const QuizResult = struct(
  {
    moduleId: positiveInt,
    score: percent,
    completedAt: isoDateTime,
  },
  'QuizResult',
);
export type QuizResult = t.TypeOf<typeof QuizResult>;

/**
 * One answered quiz question, graded by the server: selectedAnswer is 0-based, correctAnswer 1-based (as
 * the authored key); the feedback comes with the answer, never before it.
 */
export const QuizAttempt = struct(
  {
    questionId: positiveInt,
    selectedAnswer: nonNegativeInt,
    ...answerFeedback,
  },
  'QuizAttempt',
);
export type QuizAttempt = t.TypeOf<typeof QuizAttempt>;

/** A psychology item as the client sees it (answered 1 to 5). */
export const PsychologyQuestion = struct({ id: positiveInt, question: nonEmptyString(limits.description) });
export type PsychologyQuestion = t.TypeOf<typeof PsychologyQuestion>;

/** The six category scores, each a whole percent. */
export const psychologyScores = {
  emotionalIntelligence: percent,
  cognitiveControl: percent,
  stressResilience: percent,
  behavioralDiscipline: percent,
  riskManagement: percent,
  performanceOptimization: percent,
} as const satisfies Record<PsychologyCategory, t.Mixed>;

/**
 * A psychology result. The archetype is a descriptive coaching label; `archetypeDescription` and
 * `archetypeFocus` (what to work on) accompany it when the server knows them, in the wording of the
 * instrument version that scored the result (`instrumentVersion`).
 */
export const PsychologyResult = struct(
  {
    id: entityId,
    overallScore: percent,
    traderArchetype: nonEmptyString(limits.title),
    ...psychologyScores,
    completedAt: isoDateTime,
  },
  {
    instrumentVersion: version,
    archetypeDescription: t.string,
    archetypeFocus: t.string,
  },
  'PsychologyResult',
);
export type PsychologyResult = t.TypeOf<typeof PsychologyResult>;

/** Cookie preferences; necessary cookies cannot be turned off. */
export const CookiePreferences = struct(
  {
    necessary: t.literal(true),
    functional: t.boolean,
    analytics: t.boolean,
    marketing: t.boolean,
  },
  'CookiePreferences',
);
export type CookiePreferences = t.TypeOf<typeof CookiePreferences>;

/** A module's progress percent: (completed lessons + 1 if the quiz is done) / 5 × 100. */
export const ModuleProgress = struct({ moduleId: positiveInt, title, progress: percent }, 'ModuleProgress');
export type ModuleProgress = t.TypeOf<typeof ModuleProgress>;

export const RecentActivityKind = oneOf(['module_completed', 'quiz_completed', 'simulation_completed']);
export type RecentActivityKind = t.TypeOf<typeof RecentActivityKind>;

/** A Recent Activity item (at most 3 shown, newest first). */
export const RecentActivity = struct({ kind: RecentActivityKind, title, at: isoDateTime }, 'RecentActivity');
export type RecentActivity = t.TypeOf<typeof RecentActivity>;

export const RecommendationKind = oneOf(['continue_module', 'take_quiz', 'psychology_assessment']);
export type RecommendationKind = t.TypeOf<typeof RecommendationKind>;

/** A Recommended Next Step (at most 3); href is an app route such as /course. */
export const Recommendation = struct(
  { kind: RecommendationKind, title, description: t.string, href: nonEmptyString(limits.title) },
  'Recommendation',
);
export type Recommendation = t.TypeOf<typeof Recommendation>;

/**
 * The learner dashboard (GET /api/dashboard). courseProgress: share of the 12 modules whose quiz or
 * whole module is completed; quizAverage: rounded mean of quiz scores (null without any);
 * eqScore and stressResilience come from the latest psychology result (null without one).
 */
export const Dashboard = struct(
  {
    courseProgress: percent,
    quizAverage: nullable(percent),
    eqScore: nullable(percent),
    stressResilience: nullable(percent),
    moduleProgress: t.array(ModuleProgress),
    recentActivity: t.array(RecentActivity),
    recommendations: t.array(Recommendation),
  },
  'Dashboard',
);
export type Dashboard = t.TypeOf<typeof Dashboard>;

/** The 'Your Trading Style' card: derived from the archetype and the latest risk assessment. */
export const TradingProfile = struct(
  {
    style: nonEmptyString(limits.title),
    description: t.string,
    basedOn: struct({
      traderArchetype: nullable(t.string),
      experienceLevel: nullable(ExperienceLevel),
      riskCapacity: nullable(intRange(limits.riskCapacity.min, limits.riskCapacity.max)),
      investmentObjective: nullable(InvestmentObjective),
    }),
  },
  'TradingProfile',
);
export type TradingProfile = t.TypeOf<typeof TradingProfile>;

/** A psychology item as published (server side): its category and whether it is reverse-keyed. */
export const PsychologyItem = struct(
  {
    id: positiveInt,
    question: nonEmptyString(limits.description),
    category: PsychologyCategory,
    reverseKeyed: t.boolean,
  },
  'PsychologyItem',
);
export type PsychologyItem = t.TypeOf<typeof PsychologyItem>;
