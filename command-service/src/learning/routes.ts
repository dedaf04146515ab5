import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { answerFeedbackOf, normalizeEmail, streams } from '@tickwise/contracts';
import { handleCommand, type RouteHandlers, reply } from '@tickwise/platform';
import type { CommandServiceDeps } from '../app/deps';
import { type CertificateCandidate, learningRecord } from './learning-record';

/**
 * What a certificate would say of this learner, should this completion finish the course: the name they
 * registered, and their e-mail address hashed with a fresh salt (Open Badges' `sha256$` identity hash), so a
 * verifier who is told the address can confirm it and no one else can read it.
 */
async function certificateCandidate(
  deps: CommandServiceDeps,
  userId: string,
): Promise<CertificateCandidate | undefined> {
  const [course, user] = await Promise.all([deps.catalog.course(), deps.users.userRecord(userId)]);
  if (!course || !user) return undefined;
  const identitySalt = randomBytes(16).toString('base64url');
  const digest = createHash('sha256')
    .update(`${normalizeEmail(user.email)}${identitySalt}`)
    .digest('hex');
  return {
    course,
    certificateId: randomUUID(),
    recipientName: `${user.firstName} ${user.lastName}`.trim(),
    identityHash: `sha256$${digest}`,
    identitySalt,
  };
}

/**
 * POST /api/progress (a lesson, or the module quiz when lessonId is null), POST /api/quiz/attempt and
 * POST /api/lessons/:lessonId/checks/:checkId/answer.
 */
export function learningRoutes(deps: CommandServiceDeps): RouteHandlers<'command'> {
  return {
    async recordProgress({ body }, request) {
      const userId = request.principal.userId;
      const module = await deps.catalog.module(body.moduleId);
      const at = deps.now().toISOString();
      const certificate = await certificateCandidate(deps, userId);
      const outcome = await handleCommand(deps, learningRecord, {
        stream: streams.learning(userId),
        command:
          body.lessonId === null
            ? { kind: 'completeQuiz', moduleId: body.moduleId, module, at, certificate }
            : {
                kind: 'completeLesson',
                moduleId: body.moduleId,
                lessonId: body.lessonId,
                module,
                at,
                certificate,
              },
        commandId: request.commandId,
        actor: userId,
        correlationId: request.requestId,
      });
      // A retaken quiz is a new record; completing what is already completed appends nothing and answers
      // the first record.
      const [appended] = outcome.events;
      const completed =
        appended ??
        outcome.history.find((e) =>
          body.lessonId === null
            ? e.type === 'ModuleQuizCompleted' && e.data.moduleId === body.moduleId
            : e.type === 'LessonCompleted' && e.data.lessonId === body.lessonId,
        );
      if (completed?.type !== 'LessonCompleted' && completed?.type !== 'ModuleQuizCompleted') {
        throw new Error('completion was not recorded');
      }
      return reply(outcome, {
        id: completed.eventId,
        moduleId: body.moduleId,
        lessonId: body.lessonId,
        completed: true,
        createdAt: completed.data.completedAt,
      });
    },

    async quizAttempt({ body }, request) {
      const userId = request.principal.userId;
      const question = await deps.catalog.question(body.questionId);
      const outcome = await handleCommand(deps, learningRecord, {
        stream: streams.learning(userId),
        command: {
          kind: 'answerQuestion',
          questionId: body.questionId,
          selectedAnswer: body.selectedAnswer,
          question,
          at: deps.now().toISOString(),
        },
        commandId: request.commandId,
        actor: userId,
        correlationId: request.requestId,
      });
      const [answered] = outcome.events;
      if (answered?.type !== 'QuizQuestionAnswered' || !question) throw new Error('answer was not recorded');
      // The key, the explanation and why the choice was wrong leave the server only now, with the answer.
      return reply(outcome, {
        questionId: body.questionId,
        selectedAnswer: body.selectedAnswer,
        ...answerFeedbackOf(question, body.selectedAnswer, answered.data.isCorrect),
      });
    },

    async answerLessonCheck({ params, body }, request) {
      const userId = request.principal.userId;
      const check = await deps.catalog.check(params.lessonId, params.checkId);
      const outcome = await handleCommand(deps, learningRecord, {
        stream: streams.learning(userId),
        command: {
          kind: 'answerCheck',
          lessonId: params.lessonId,
          checkId: params.checkId,
          selectedAnswer: body.selectedAnswer,
          check,
          at: deps.now().toISOString(),
        },
        commandId: request.commandId,
        actor: userId,
        correlationId: request.requestId,
      });
      const [answered] = outcome.events;
      if (answered?.type !== 'LessonCheckAnswered' || !check)
        throw new Error('check answer was not recorded');
      return reply(outcome, {
        checkId: params.checkId,
        selectedAnswer: answered.data.selectedAnswer,
        answeredAt: answered.data.answeredAt,
        ...answerFeedbackOf(check, answered.data.selectedAnswer, answered.data.isCorrect),
      });
    },

    async chooseCertificateName({ params, body }, request) {
      const userId = request.principal.userId;
      const outcome = await handleCommand(deps, learningRecord, {
        stream: streams.learning(userId),
        command: {
          kind: 'chooseCertificateName',
          certificateId: params.id,
          recipientName: body.recipientName,
        },
        commandId: request.commandId,
        actor: userId,
        correlationId: request.requestId,
      });
      const [chosen] = outcome.events;
      if (chosen?.type !== 'CertificateNameChosen') throw new Error('the name was not recorded');
      return reply(outcome, chosen.data);
    },

    async answerReview({ body }, request) {
      const userId = request.principal.userId;
      const key =
        body.kind === 'quiz'
          ? await deps.catalog.question(body.itemId)
          : body.lessonId === null
            ? undefined
            : await deps.catalog.check(body.lessonId, body.itemId);
      const outcome = await handleCommand(deps, learningRecord, {
        stream: streams.learning(userId),
        command: {
          kind: 'answerReview',
          itemKind: body.kind,
          itemId: body.itemId,
          lessonId: body.kind === 'check' ? body.lessonId : null,
          selectedAnswer: body.selectedAnswer,
          key,
          at: deps.now().toISOString(),
        },
        commandId: request.commandId,
        actor: userId,
        correlationId: request.requestId,
      });
      const [answered] = outcome.events;
      if (answered?.type !== 'ReviewAnswered' || !key) throw new Error('review answer was not recorded');
      // As with a quiz answer, the key and the explanation leave the server only now.
      return reply(outcome, {
        kind: body.kind,
        itemId: body.itemId,
        selectedAnswer: answered.data.selectedAnswer,
        ...answerFeedbackOf(key, answered.data.selectedAnswer, answered.data.isCorrect),
      });
    },
  };
}
