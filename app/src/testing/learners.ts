/**
 * Helpers for the course HTTP tests (command and query side): a stack with the authored content published
 * and no reading delay, learners who register and (optionally) pass the compliance gate, and "what did this
 * request append" checks. Built on the shared harness; nothing here changes it.
 */

import { type CourseModule, loadCourse } from '@tickwise/command-service/testing';
import type { RecordedEvent } from '@tickwise/platform';
import {
  freshEmail,
  GOOD_PASSWORD,
  type ApiResponse as Response,
  type Stack,
  type StackOptions,
  startStack,
} from './harness';

/** A stack wired as at start-up (documents and course published), where a document can be acknowledged at once. */
export const startCourseStack = (options: StackOptions = {}): Promise<Stack> =>
  startStack({ publishContent: true, ...options, env: { MIN_READ_SECONDS: '0', ...options.env } });

/** A signed-in learner whose requests carry the token and the position of their latest write. */
export interface Learner {
  userId: string;
  email: string;
  token: string;
  /** The highest commit position this learner's writes reached (sent as X-Min-Position). */
  position: string;
  get(path: string): Promise<Response>;
  /** A write; its X-Position (if any) becomes the learner's position. */
  post(path: string, body?: object): Promise<Response>;
}

/** Registers a new learner over HTTP (not compliant yet), with the name they give, if any. */
export async function registerLearner(
  stack: Stack,
  label = 'course',
  name: { firstName: string; lastName: string } | object = {},
): Promise<Learner> {
  const api = stack.client();
  const email = freshEmail(label);
  const res = await api.post('/api/auth/register', { email, password: GOOD_PASSWORD, ...name });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${res.text}`);
  const token = String(res.body.token);
  const learner: Learner = {
    email,
    userId: String(res.body.user.id),
    token,
    position: String(res.headers['x-position']),
    get: async (path) =>
      api.get(path).set('Authorization', `Bearer ${token}`).set('X-Min-Position', learner.position),
    post: async (path, body) => {
      const res = await api
        .post(path, body)
        .set('Authorization', `Bearer ${token}`)
        .set('X-Min-Position', learner.position);
      const position = res.headers['x-position'];
      if (typeof position === 'string' && position !== '') learner.position = position;
      return res;
    },
  };
  return learner;
}

const RISK_ANSWERS = {
  experienceLevel: 'intermediate',
  financialSituation: 'stable',
  riskCapacity: 5,
  investmentObjective: 'education',
  annualIncome: '',
  netWorth: '',
};

/** Views and acknowledges every active document, then submits a risk assessment (MIN_READ_SECONDS=0). */
export async function becomeCompliant(learner: Learner): Promise<void> {
  const docs = await learner.get('/api/compliance/documents');
  if (docs.status !== 200) throw new Error(`documents answered ${docs.status}: ${docs.text}`);
  const documents = docs.body as Array<{ documentType: string; version: string }>;
  if (documents.length !== 4) throw new Error(`expected 4 active documents, got ${documents.length}`);
  for (const { documentType, version } of documents) {
    const res = await learner.post('/api/compliance/document-views', { documentType, version });
    if (res.status !== 201) throw new Error(`view answered ${res.status}: ${res.text}`);
  }
  for (const { documentType, version } of documents) {
    const res = await learner.post('/api/compliance/acknowledgment', { documentType, version });
    if (res.status !== 201) throw new Error(`acknowledgment answered ${res.status}: ${res.text}`);
  }
  const assessed = await learner.post('/api/risk/assessment', RISK_ANSWERS);
  if (assessed.status !== 201) throw new Error(`assessment answered ${assessed.status}: ${assessed.text}`);
  const me = await learner.get('/api/auth/me');
  if (me.body?.isCompliant !== true) throw new Error('the learner did not become compliant');
}

/** Completes a module's lessons and its quiz with `right` of its questions answered right (all by default). */
export async function completeModule(
  learner: Learner,
  module: CourseModule,
  right = Number.POSITIVE_INFINITY,
): Promise<Response> {
  for (const lesson of module.lessons) {
    const res = await learner.post('/api/progress', {
      moduleId: module.id,
      lessonId: lesson.id,
      completed: true,
    });
    if (res.status !== 200 && res.status !== 201)
      throw new Error(`lesson answered ${res.status}: ${res.text}`);
  }
  for (const [index, question] of module.quiz.entries()) {
    const key = question.correctAnswer - 1;
    const selectedAnswer = index < right ? key : key === 0 ? 1 : 0;
    const res = await learner.post('/api/quiz/attempt', { questionId: question.id, selectedAnswer });
    if (res.status !== 201) throw new Error(`answer answered ${res.status}: ${res.text}`);
  }
  const quiz = await learner.post('/api/progress', { moduleId: module.id, lessonId: null, completed: true });
  if (quiz.status !== 200 && quiz.status !== 201)
    throw new Error(`quiz answered ${quiz.status}: ${quiz.text}`);
  return quiz;
}

/** Completes every module of the authored course with every answer right: the completion earns a certificate. */
export async function completeCourse(learner: Learner): Promise<void> {
  for (const module of loadCourse().modules) await completeModule(learner, module);
}

/** A new learner who has passed the compliance gate. */
export async function compliantLearner(stack: Stack, label = 'course'): Promise<Learner> {
  const learner = await registerLearner(stack, label);
  await becomeCompliant(learner);
  return learner;
}

/** The events appended to the log while `action` ran, and what the action returned. */
export async function appendedBy<T>(
  stack: Stack,
  action: () => PromiseLike<T>,
): Promise<{ result: T; events: RecordedEvent[] }> {
  const head = await stack.head();
  const result = await action();
  return { result, events: await stack.eventsAfter(head) };
}
