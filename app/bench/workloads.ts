// The workloads of the HTTP bench (and of profile-route's ROUTE=mix): what each connection's learner asks, by
// route, and a learner's realistic session (reads ~75 %, writes ~20 %, logins ~5 %).
import { documentsInForce } from '@tickwise/command-service/testing';
import type { Call, Learner, Workload } from './load';

/** Every seeded learner's password. */
export const PASSWORD = 'bench password 2026';

const moduleOf = (l: Learner, n: number) => ((l.index + n) % 12) + 1;
export const reads: Record<string, Workload> = {
  'GET /api/dashboard': () => ({ method: 'GET', path: '/api/dashboard' }),
  'GET /api/progress': () => ({ method: 'GET', path: '/api/progress' }),
  'GET /api/modules': () => ({ method: 'GET', path: '/api/modules' }),
  'GET /api/modules/:id/lessons': (l, n) => ({
    method: 'GET',
    path: `/api/modules/${moduleOf(l, n)}/lessons`,
  }),
  'GET /api/compliance/documents': () => ({ method: 'GET', path: '/api/compliance/documents' }),
};
export const quizAnswer = (l: Learner, n: number): Call => {
  const moduleId = moduleOf(l, n);
  return {
    method: 'POST',
    path: '/api/quiz/attempt',
    body: { questionId: moduleId * 100 + (n % 8) + 1, selectedAnswer: n % 4 },
  };
};
/**
 * Completing a lesson: each learner's lessons from the last one (48) down, so that their first requests
 * complete lessons they have not (the seeded learners dropped out after about four modules on average).
 * Completing a lesson already completed appends nothing and answers 200: a closed loop gives each learner
 * only `LESSONS_PER_LEARNER` of these, so that nearly all of them are new (see http.ts).
 */
export const lessonDone = (_l: Learner, n: number): Call => {
  const lessonId = 48 - (n % 48);
  return {
    method: 'POST',
    path: '/api/progress',
    body: { moduleId: Math.ceil(lessonId / 4), lessonId, completed: true },
  };
};
/** How many lessons a closed loop completes for one learner before it takes the next one. */
export const LESSONS_PER_LEARNER = 24;
/** The versions in force, which the seeded learners acknowledged and the app publishes. */
const versions: Record<string, string> = Object.fromEntries(
  documentsInForce().map((d) => [d.documentType, d.version]),
);
const documentTypes = [
  'risk_disclosure',
  'cftc_warning',
  'educational_disclaimer',
  'privacy_policy',
] as const;
const documentView = (_l: Learner, n: number): Call => {
  const documentType = documentTypes[n % 4] ?? 'risk_disclosure';
  return {
    method: 'POST',
    path: '/api/compliance/document-views',
    body: { documentType, version: versions[documentType] },
  };
};
export const login = (l: Learner): Call => ({
  method: 'POST',
  path: '/api/auth/login',
  body: { email: l.email, password: PASSWORD },
  anonymous: true,
});
export const writes: Record<string, Workload> = {
  'POST /api/quiz/attempt': quizAnswer,
  'POST /api/progress': lessonDone,
  'POST /api/compliance/document-views': documentView,
};
/** A learner's session, 20 requests long: 15 reads (the five hot read routes in turn), 4 writes, 1 login. */
const session: readonly Workload[] = [
  ...Object.values(reads),
  quizAnswer,
  ...Object.values(reads),
  lessonDone,
  ...Object.values(reads),
  quizAnswer,
  documentView,
  login,
];
export const mix: Workload = (l, n) => (session[n % session.length] as Workload)(l, n);
