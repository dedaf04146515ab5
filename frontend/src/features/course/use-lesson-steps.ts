/**
 * What the module viewer's buttons do: Next and 'Take Module Quiz' mark the lesson complete (once) before
 * they go on; 'Take Module Quiz' names the lessons still to finish instead of opening a quiz that would not
 * count. A new lesson clears the last error and notice and moves the focus to its title.
 */
import type { Lesson, Module } from '@tickwise/contracts';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useRecordCourseProgressMutation } from './course-api';
import { quizHref } from './course-routes';
import { type LessonToFinish, lessonsToFinish } from './progress';
import { errorText } from './ui';

export interface LessonSteps {
  readonly saving: boolean;
  readonly saveError: string | null;
  /** The other lessons to finish, shown after 'Take Module Quiz' found some (live: finished ones drop off). */
  readonly toFinish: readonly LessonToFinish<Lesson>[];
  readonly titleRef: RefObject<HTMLHeadingElement | null>;
  /** Marks the lesson complete (once), then goes to `to`. */
  readonly completeThen: (to: string) => Promise<void>;
  /** Marks the lesson complete (once), then opens the quiz, or names the lessons still to finish. */
  readonly takeQuiz: () => Promise<void>;
}

export function useLessonSteps(
  module: Module,
  lessons: readonly Lesson[],
  lesson: Lesson | undefined,
  completed: ReadonlySet<number>,
): LessonSteps {
  const navigate = useNavigate();
  const [record, { isLoading: saving }] = useRecordCourseProgressMutation();
  const [saveError, setSaveError] = useState<string | null>(null);
  /** The lesson whose 'Take Module Quiz' found other lessons still to finish. */
  const [blockedAt, setBlockedAt] = useState<number | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // A new lesson: its title takes the focus, so keyboard and screen-reader users start reading there.
  const currentId = lesson?.id;
  useEffect(() => {
    if (currentId === undefined) return;
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    setSaveError(null);
    setBlockedAt(null);
    titleRef.current?.focus();
  }, [currentId]);

  /** Marks the lesson complete (once); false (and why, on screen) when that could not be saved. */
  const markDone = async (): Promise<boolean> => {
    if (lesson === undefined) return false;
    setSaveError(null);
    try {
      if (!completed.has(lesson.id)) {
        await record({ moduleId: module.id, lessonId: lesson.id, completed: true }).unwrap();
      }
      return true;
    } catch (error) {
      setSaveError(`Your progress could not be saved: ${errorText(error)}`);
      return false;
    }
  };

  const completeThen = async (to: string) => {
    if (await markDone()) navigate(to);
  };

  const takeQuiz = async () => {
    if (lesson === undefined) return;
    setBlockedAt(null);
    const othersLeft = lessonsToFinish(lessons, completed).some((l) => l.lesson.id !== lesson.id);
    if (!(await markDone())) return;
    if (othersLeft) setBlockedAt(lesson.id);
    else navigate(quizHref(module.id));
  };
  // This lesson counts as done once the notice is shown.
  const toFinish =
    blockedAt !== null && blockedAt === lesson?.id
      ? lessonsToFinish(lessons, completed).filter((l) => l.lesson.id !== blockedAt)
      : [];

  return { saving, saveError, toFinish, titleRef, completeThen, takeQuiz };
}
