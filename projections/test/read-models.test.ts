import { type DomainEvent, event } from '@tickwise/contracts';
import type { Doc, RecordedEvent } from '@tickwise/platform';
import { learningProjection } from '../src/read-models/learning';
import { usersProjection } from '../src/read-models/users';
import { applyBatch } from '../src/runtime/apply-batch';
import { physicalName } from '../src/runtime/generations';
import type { Projection } from '../src/runtime/projection';

let position = 0;
const recorded = (stream: string, e: DomainEvent): RecordedEvent => ({
  eventId: `e${++position}`,
  stream,
  revision: position,
  ...e,
  position: String(position),
  metadata: {
    correlationId: 'c',
    causationId: 'c',
    actor: 'u1',
    occurredAt: '2026-01-01T00:00:00.000Z',
    schemaVersion: 1,
    prevHash: '0',
    hash: '0',
  },
});

/** Folds events through a projection's handlers the way the runner does, and returns the resulting docs. */
function project(projection: Projection, collection: string, events: RecordedEvent[]): Doc[] {
  const docs = new Map<string, Doc>();
  const name = physicalName(projection.name, 1, collection);
  for (const write of applyBatch(projection, 1, events, { get: () => undefined })) {
    if (write.kind === 'upsert' && write.collection === name) docs.set(write.doc.id, write.doc);
  }
  return [...docs.values()];
}

describe('users read model', () => {
  const registered = event('UserRegistered', {
    userId: 'u1',
    email: 'Ada@Example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    registeredAt: '2026-01-01T10:00:00.000Z',
  });

  test('registration, roles granted and revoked, and logout shape the user document', () => {
    const docs = project(usersProjection, 'users', [
      recorded('user-u1', registered),
      recorded('user-u1', event('RoleGranted', { userId: 'u1', role: 'auditor', grantedBy: 'cli' })),
      recorded('user-u1', event('RoleGranted', { userId: 'u1', role: 'admin', grantedBy: 'cli' })),
      recorded('user-u1', event('RoleGranted', { userId: 'u1', role: 'auditor', grantedBy: 'cli' })),
      recorded('user-u1', event('RoleRevoked', { userId: 'u1', role: 'admin', revokedBy: 'cli' })),
      recorded(
        'user-u1',
        event('UserLoggedOut', { userId: 'u1', tokensRevokedBefore: '2026-01-02T00:00:00.000Z' }),
      ),
    ]);
    expect(docs).toEqual([
      {
        id: 'u1',
        email: 'Ada@Example.com',
        emailLower: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        roles: ['auditor'],
        createdAt: '2026-01-01T10:00:00.000Z',
        tokensRevokedBefore: '2026-01-02T00:00:00.000Z',
      },
    ]);
  });

  test('a role event for an unknown user creates nothing', () => {
    expect(
      project(usersProjection, 'users', [
        recorded('user-u9', event('RoleGranted', { userId: 'u9', role: 'analyst', grantedBy: 'cli' })),
      ]),
    ).toEqual([]);
  });
});

describe('learning read model', () => {
  test('collects completed lessons once each, counts answers and keeps every quiz result', () => {
    const docs = project(learningProjection, 'learners', [
      recorded(
        'learning-u1',
        event('LessonCompleted', { moduleId: 1, lessonId: 1, completedAt: '2026-01-01T10:00:00.000Z' }),
      ),
      recorded(
        'learning-u1',
        event('LessonCompleted', { moduleId: 1, lessonId: 1, completedAt: '2026-01-01T11:00:00.000Z' }),
      ),
      recorded(
        'learning-u1',
        event('LessonCompleted', { moduleId: 1, lessonId: 2, completedAt: '2026-01-01T12:00:00.000Z' }),
      ),
      recorded(
        'learning-u1',
        event('QuizQuestionAnswered', {
          moduleId: 1,
          questionId: 101,
          selectedAnswer: 0,
          isCorrect: true,
          answeredAt: '2026-01-01T13:00:00.000Z',
        }),
      ),
      recorded(
        'learning-u1',
        event('ModuleQuizCompleted', {
          moduleId: 1,
          score: 50,
          correct: 4,
          total: 8,
          completedAt: '2026-01-01T14:00:00.000Z',
        }),
      ),
      recorded(
        'learning-u2',
        event('LessonCompleted', { moduleId: 2, lessonId: 5, completedAt: '2026-01-02T10:00:00.000Z' }),
      ),
    ]);
    const u1 = docs.find((d) => d.id === 'u1');
    expect(u1?.records).toEqual([
      {
        id: expect.any(String),
        moduleId: 1,
        lessonId: 1,
        completed: true,
        createdAt: '2026-01-01T10:00:00.000Z',
      },
      {
        id: expect.any(String),
        moduleId: 1,
        lessonId: 2,
        completed: true,
        createdAt: '2026-01-01T12:00:00.000Z',
      },
      {
        id: expect.any(String),
        moduleId: 1,
        lessonId: null,
        completed: true,
        createdAt: '2026-01-01T14:00:00.000Z',
      },
    ]);
    expect(u1?.quizzes).toEqual([{ moduleId: 1, score: 50, completedAt: '2026-01-01T14:00:00.000Z' }]);
    expect(u1?.answers).toBe(1);
    const u2 = docs.find((d) => d.id === 'u2');
    expect(u2).toEqual({
      id: 'u2',
      records: [
        {
          id: expect.any(String),
          moduleId: 2,
          lessonId: 5,
          completed: true,
          createdAt: '2026-01-02T10:00:00.000Z',
        },
      ],
      quizzes: [],
      answers: 0,
    });
  });
});
