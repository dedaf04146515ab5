// One simulated learner's session for the capacity bench: the pages a learner opens in the order a learner
// opens them, each page the requests the browser sends for it. Pure: the time and the dice come from outside.
import type { Call } from './load';

/** What a session needs of the course: ids and option counts, nothing the learner reads. */
export interface CourseOutline {
  readonly modules: readonly {
    readonly id: number;
    readonly lessons: readonly {
      readonly id: number;
      readonly checks: readonly { readonly id: number; readonly options: readonly unknown[] }[];
    }[];
    readonly quiz: readonly { readonly id: number; readonly options: readonly unknown[] }[];
  }[];
  /** The document versions in force. */
  readonly documents: readonly { readonly documentType: string; readonly version: string }[];
}

/** One page visit (or one answer sent from a page): the requests it sends together. */
export interface SessionStep {
  /** The page or action, for the report ('lesson', 'quiz answer', 'sign-in', …). */
  readonly name: string;
  readonly calls: readonly Call[];
  /**
   * The least time after the step before it, in ms: a document is acknowledged only after it has been read
   * for the required time (the server refuses it sooner).
   */
  readonly atLeastMs?: number;
}

/** The required reading time of a document, and the margin a learner's click leaves over it. */
const READ_MS = 10_000 + 1_000;

const get = (path: string): Call => ({ method: 'GET', path });
const post = (path: string, body: unknown): Call => ({ method: 'POST', path, body });

/** The dashboard as the browser opens it: its card reads. */
export const dashboardCalls: readonly Call[] = [
  get('/api/dashboard'),
  get('/api/trading-psychology/latest'),
  get('/api/trading-profile'),
  get('/api/review'),
  get('/api/mastery'),
  get('/api/certificates'),
];

/** Where a learner's session starts: the module (0-based, in course order) and its lesson (0-based). */
export interface SessionStart {
  readonly module: number;
  readonly lesson: number;
}

/**
 * Where a learner goes on: the first lesson, in course order, they have not completed; when they have
 * completed them all, the start of module `fallback` (a learner revising).
 */
export function nextLesson(
  course: CourseOutline,
  completedLessonIds: ReadonlySet<number>,
  fallback: number,
): SessionStart {
  for (const [module, { lessons }] of course.modules.entries()) {
    const lesson = lessons.findIndex(({ id }) => !completedLessonIds.has(id));
    if (lesson >= 0) return { module, lesson };
  }
  return { module: fallback % Math.max(1, course.modules.length), lesson: 0 };
}

/**
 * A learner working through the course one module at a time, from `start`: the dashboard, the course,
 * each lesson (read, its checks answered, completed), the module's quiz (each question answered, then
 * completed and the results shown), one compliance document read and acknowledged, and the compliance page.
 * Then the next module, the twelfth followed by the first again. Sign-in is not part of it: the caller
 * inserts one when a sign-in is due.
 */
export function* courseSession(
  course: CourseOutline,
  start: SessionStart,
  random: () => number,
): Generator<SessionStep, never> {
  const pick = (count: number) => Math.floor(random() * count);
  for (let m = start.module; ; m++) {
    const module = course.modules[m % course.modules.length];
    if (!module) throw new Error('the course has no modules');
    yield { name: 'dashboard', calls: dashboardCalls };
    yield { name: 'course', calls: [get('/api/modules'), get('/api/progress')] };
    // The lessons completed in an earlier session are not read again.
    const from = m === start.module ? start.lesson : 0;
    for (const lesson of module.lessons.slice(from)) {
      yield { name: 'lesson', calls: [get(`/api/modules/${module.id}/lessons`)] };
      for (const check of lesson.checks)
        yield {
          name: 'lesson check',
          calls: [
            post(`/api/lessons/${lesson.id}/checks/${check.id}/answer`, {
              selectedAnswer: pick(check.options.length),
            }),
          ],
        };
      yield {
        name: 'lesson completed',
        calls: [post('/api/progress', { moduleId: module.id, lessonId: lesson.id, completed: true })],
      };
    }
    if (module.quiz.length > 0) {
      yield { name: 'quiz', calls: [get(`/api/modules/${module.id}/quiz`)] };
      for (const question of module.quiz)
        yield {
          name: 'quiz answer',
          calls: [
            post('/api/quiz/attempt', {
              questionId: question.id,
              selectedAnswer: pick(question.options.length),
            }),
          ],
        };
      yield {
        name: 'quiz completed',
        calls: [
          post('/api/progress', { moduleId: module.id, lessonId: null, completed: true }),
          get('/api/quiz-results'),
        ],
      };
    }
    const document = course.documents[m % Math.max(1, course.documents.length)];
    if (document) {
      const body = { documentType: document.documentType, version: document.version };
      yield {
        name: 'document',
        calls: [
          get('/api/compliance/documents'),
          get('/api/compliance/acknowledgments'),
          post('/api/compliance/document-views', body),
        ],
      };
      yield {
        name: 'document acknowledged',
        calls: [post('/api/compliance/acknowledgment', body)],
        atLeastMs: READ_MS,
      };
    }
    yield {
      name: 'compliance page',
      calls: [
        get('/api/compliance/documents'),
        get('/api/compliance/acknowledgments'),
        get('/api/compliance/log'),
        get('/api/risk/assessments'),
      ],
    };
  }
}

/** Signing in: the password checked, then the app shell's read of who signed in (with the new token). */
export const signInCalls = (email: string, password: string): readonly Call[] => [
  { method: 'POST', path: '/api/auth/login', body: { email, password }, anonymous: true },
  get('/api/auth/me'),
];

/** An exponentially distributed think time of the given mean: the gaps of a Poisson process. */
export const thinkTime = (meanMs: number, random: () => number): number => -meanMs * Math.log(1 - random());

/** A route's name in the report: numeric ids folded ('/api/modules/:id/lessons'). */
export const routeOf = (call: Pick<Call, 'method' | 'path'>): string =>
  `${call.method} ${call.path.replace(/\/\d+(?=\/|$)/g, '/:id')}`;
