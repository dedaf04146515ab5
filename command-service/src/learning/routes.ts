import { type EventOf, streams } from '@tickwise/contracts';
import { type RouteHandlers } from '@tickwise/platform';
import type { CommandServiceDeps } from '../app/deps';
import { handleCommand } from '../handling/handle-command';
import { learningRecord } from './learning-record';

type Completed = EventOf<'LessonCompleted' | 'ModuleQuizCompleted'>;

/** POST /api/progress (a lesson, or the module quiz when lessonId is null) and POST /api/quiz/attempt. */
export function learningRoutes(deps: CommandServiceDeps): RouteHandlers<'command'> {
  return {
    async recordProgress({ body }, request) {
      const userId = request.principal.userId;
      const stream = streams.learning(userId);
      const module = await deps.catalog.module(body.moduleId);
      const at = deps.now().toISOString();
      const outcome = await handleCommand(deps, learningRecord, {
        stream,
        command:
          body.lessonId === null
            ? { kind: 'completeQuiz', moduleId: body.moduleId, module, at }
            : { kind: 'completeLesson', moduleId: body.moduleId, lessonId: body.lessonId, module, at },
        commandId: request.commandId,
        actor: userId,
        correlationId: request.requestId,
      });
      const [eventId] = outcome.eventIds;
      const [event] = outcome.events;
      if (eventId && event) {
        const createdAt =
          event.type === 'LessonCompleted' || event.type === 'ModuleQuizCompleted'
            ? event.data.completedAt
            : at;
        return {
          body: { id: eventId, moduleId: body.moduleId, lessonId: body.lessonId, completed: true, createdAt },
          ...(outcome.position ? { position: outcome.position } : {}),
        };
      }
      // Already completed: nothing appended; answer the existing record.
      const history = await deps.log.readStream(stream);
      const existing = history.find((e) =>
        body.lessonId === null
          ? e.type === 'ModuleQuizCompleted' && (e.data as Completed['data']).moduleId === body.moduleId
          : e.type === 'LessonCompleted' &&
            (e.data as EventOf<'LessonCompleted'>['data']).lessonId === body.lessonId,
      );
      if (!existing) throw new Error('completed record not found');
      return {
        status: 200,
        body: {
          id: existing.eventId,
          moduleId: body.moduleId,
          lessonId: body.lessonId,
          completed: true,
          createdAt: (existing.data as Completed['data']).completedAt,
        },
      };
    },

    async quizAttempt({ body }, request) {
      const userId = request.principal.userId;
      const outcome = await handleCommand(deps, learningRecord, {
        stream: streams.learning(userId),
        command: {
          kind: 'answerQuestion',
          questionId: body.questionId,
          selectedAnswer: body.selectedAnswer,
          question: await deps.catalog.question(body.questionId),
          at: deps.now().toISOString(),
        },
        commandId: request.commandId,
        actor: userId,
        correlationId: request.requestId,
      });
      const [answered] = outcome.events;
      if (answered?.type !== 'QuizQuestionAnswered') throw new Error('answer was not recorded');
      return {
        body: {
          questionId: body.questionId,
          selectedAnswer: body.selectedAnswer,
          isCorrect: answered.data.isCorrect,
        },
        ...(outcome.position ? { position: outcome.position } : {}),
      };
    },
  };
}
