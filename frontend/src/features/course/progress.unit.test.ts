import {
  allLessonsDone,
  completedLessonIds,
  isQuizDone,
  lessonStatus,
  lessonsToFinish,
  moduleProgress,
} from './progress';

const lesson = (moduleId: number, lessonId: number, completed = true) => ({ moduleId, lessonId, completed });
const quiz = (moduleId: number) => ({ moduleId, lessonId: null, completed: true });

describe('module progress = (completed lessons + 1 if the quiz is done) / 5 × 100', () => {
  it.each([
    [[], 0],
    [[lesson(1, 1)], 20],
    [[lesson(1, 1), lesson(1, 2)], 40],
    [[lesson(1, 1), lesson(1, 2), lesson(1, 3)], 60],
    [[lesson(1, 1), lesson(1, 2), lesson(1, 3), lesson(1, 4)], 80],
    [[lesson(1, 1), lesson(1, 2), lesson(1, 3), lesson(1, 4), quiz(1)], 100],
    [[quiz(1)], 20],
  ])('%j → %i%%', (records, percent) => {
    expect(moduleProgress(records, 1)).toBe(percent);
  });

  it('counts only this module, completed records, and each lesson once; never above 100', () => {
    const records = [
      lesson(1, 1),
      lesson(1, 1),
      lesson(2, 5),
      lesson(1, 2, false),
      quiz(2),
      quiz(1),
      quiz(1),
    ];
    expect(moduleProgress(records, 1)).toBe(40);
    expect(moduleProgress(records, 2)).toBe(40);
    const extra = [1, 2, 3, 4, 5, 6].map((id) => lesson(3, id));
    expect(moduleProgress([...extra, quiz(3)], 3)).toBe(100);
  });

  it('derives lesson status (completed or available; locked is never produced) and quiz state', () => {
    const records = [lesson(1, 1), lesson(1, 2), quiz(2)];
    const done = completedLessonIds(records, 1);
    expect([...done]).toEqual([1, 2]);
    expect(lessonStatus(done, 1)).toBe('completed');
    expect(lessonStatus(done, 3)).toBe('available');
    expect(isQuizDone(records, 1)).toBe(false);
    expect(isQuizDone(records, 2)).toBe(true);
    expect(allLessonsDone(done, [1, 2])).toBe(true);
    expect(allLessonsDone(done, [1, 2, 3])).toBe(false);
    expect(allLessonsDone(done, [])).toBe(false);
  });

  it('lists the lessons still to finish in reading order, numbered within the module', () => {
    const lessons = [{ id: 10 }, { id: 11 }, { id: 12 }, { id: 13 }];
    expect(lessonsToFinish(lessons, new Set([11, 13]))).toEqual([
      { lesson: { id: 10 }, number: 1 },
      { lesson: { id: 12 }, number: 3 },
    ]);
    expect(lessonsToFinish(lessons, new Set([10, 11, 12, 13]))).toEqual([]);
    expect(lessonsToFinish([], new Set())).toEqual([]);
  });
});
