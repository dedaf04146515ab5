/**
 * Progress arithmetic of the course: a lesson is completed once a progress record with its
 * lessonId exists (only completed and available are produced; locked exists as a state but is never
 * reached); a module's quiz is done once a record with a null lessonId exists; module progress is
 * (completed lessons + 1 if the quiz is done) / 5 × 100 — four lessons plus a quiz.
 */

/** The parts of a progress record these rules read. */
export interface ProgressLike {
  readonly moduleId: number;
  readonly lessonId: number | null;
  readonly completed: boolean;
}

/** Lessons plus the quiz that make a whole module. */
export const MODULE_STEPS = 5;

export type LessonStatus = 'completed' | 'available' | 'locked';

/** The lesson ids of `moduleId` that have a completed record. */
export function completedLessonIds(records: readonly ProgressLike[], moduleId: number): Set<number> {
  const ids = new Set<number>();
  for (const record of records) {
    if (record.completed && record.moduleId === moduleId && record.lessonId !== null)
      ids.add(record.lessonId);
  }
  return ids;
}

/** Whether the module's quiz (or the whole module) has a completed record. */
export function isQuizDone(records: readonly ProgressLike[], moduleId: number): boolean {
  return records.some((r) => r.completed && r.moduleId === moduleId && r.lessonId === null);
}

/** Module progress in whole percent: (completed lessons + 1 if the quiz is done) / 5 × 100, at most 100. */
export function moduleProgress(records: readonly ProgressLike[], moduleId: number): number {
  const steps = completedLessonIds(records, moduleId).size + (isQuizDone(records, moduleId) ? 1 : 0);
  return Math.min(100, Math.round((steps / MODULE_STEPS) * 100));
}

/** A lesson's status: completed once recorded, otherwise available. */
export function lessonStatus(completed: ReadonlySet<number>, lessonId: number): LessonStatus {
  return completed.has(lessonId) ? 'completed' : 'available';
}

/** Whether every one of `lessonIds` is completed (and there is at least one). */
export function allLessonsDone(completed: ReadonlySet<number>, lessonIds: readonly number[]): boolean {
  return lessonIds.length > 0 && lessonIds.every((id) => completed.has(id));
}

/** A lesson still to finish and its 1-based number in its module. */
export interface LessonToFinish<L> {
  readonly lesson: L;
  readonly number: number;
}

/** The lessons of a module still to finish, in reading order. */
export function lessonsToFinish<L extends { readonly id: number }>(
  lessons: readonly L[],
  completed: ReadonlySet<number>,
): LessonToFinish<L>[] {
  return lessons.flatMap((lesson, i) => (completed.has(lesson.id) ? [] : [{ lesson, number: i + 1 }]));
}
