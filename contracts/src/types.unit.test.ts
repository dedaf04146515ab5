/**
 * Type-level contract: this file is inside the root tsconfig, so `npm run typecheck` fails when a
 * derived type drifts (the `@ts-expect-error` lines fail when the misuse stops being an error).
 * Jest runs the run-time half.
 */
import {
  type BodyOf,
  type DomainEvent,
  type EventData,
  event,
  type ParamsOf,
  pathFor,
  type QueryOf,
  type RegisterBody,
  type ResponseOf,
  type RiskAssessment,
  type User,
} from './index';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

const typeChecks: true[] = [
  true satisfies Equal<BodyOf<'register'>, RegisterBody>,
  true satisfies Equal<BodyOf<'me'>, undefined>,
  true satisfies Equal<ResponseOf<'me'>, User>,
  true satisfies Equal<ResponseOf<'riskAssessments'>, RiskAssessment[]>,
  true satisfies Equal<ParamsOf<'moduleLessons'>, { id: number }>,
  true satisfies Equal<QueryOf<'auditLearners'>, { query: string }>,
  true satisfies Equal<
    BodyOf<'recordProgress'>,
    { moduleId: number; lessonId: number | null; completed: true }
  >,
  true satisfies Equal<
    EventData<'LessonCompleted'>,
    { moduleId: number; lessonId: number; completedAt: string }
  >,
];

function lessonOf(e: DomainEvent): number | null {
  // Narrowing on `type` gives the data of that event.
  return e.type === 'LessonCompleted' ? e.data.lessonId : null;
}

describe('derived types', () => {
  it('are checked by tsc', () => {
    expect(typeChecks).toHaveLength(8);
  });

  it('event() builds a tagged event that narrows', () => {
    const done = event('LessonCompleted', { moduleId: 1, lessonId: 4, completedAt: '2025-01-17T09:30:00Z' });
    expect(lessonOf(done)).toBe(4);
    expect(lessonOf(event('RoleGranted', { userId: 'u', role: 'admin', grantedBy: 'cli' }))).toBeNull();
  });

  it('pathFor requires the parameters a path names', () => {
    expect(pathFor('moduleQuiz', { id: 2 })).toBe('/api/modules/2/quiz');
    // @ts-expect-error: the path names :id
    expect(() => pathFor('moduleQuiz')).toThrow('missing path parameter id');
    // @ts-expect-error: the parameter is :id, not :moduleId
    expect(() => pathFor('moduleLessons', { moduleId: 2 })).toThrow('missing path parameter id');
    // @ts-expect-error: no such route
    expect(() => pathFor('moduleLesson', { id: 2 })).toThrow();
  });
});
