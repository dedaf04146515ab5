/**
 * Where the course screens live. Everything is under /course (the only course route); the screen
 * is chosen by the query string, so a reload or a shared link opens the same screen:
 * /course?module=3 (course, module 3 selected), /course?module=3&lesson=10 (module viewer at lesson 10),
 * /course?module=3&view=lessons (viewer at the first lesson), /course?module=3&view=quiz (module quiz).
 */

export type CourseView =
  | { readonly screen: 'course'; readonly moduleId: number }
  | { readonly screen: 'viewer'; readonly moduleId: number; readonly lessonId: number | null }
  | { readonly screen: 'quiz'; readonly moduleId: number };

/** Module id 1 is selected by default. */
export const DEFAULT_MODULE_ID = 1;

const positiveInt = (value: string | null): number | null =>
  value !== null && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : null;

export function parseCourseView(params: URLSearchParams): CourseView {
  const moduleId = positiveInt(params.get('module')) ?? DEFAULT_MODULE_ID;
  const view = params.get('view');
  if (view === 'quiz') return { screen: 'quiz', moduleId };
  const lessonId = positiveInt(params.get('lesson'));
  if (lessonId !== null || view === 'lessons') return { screen: 'viewer', moduleId, lessonId };
  return { screen: 'course', moduleId };
}

export const courseHref = (moduleId: number): string => `/course?module=${moduleId}`;
export const lessonHref = (moduleId: number, lessonId: number): string =>
  `/course?module=${moduleId}&lesson=${lessonId}`;
export const moduleViewerHref = (moduleId: number): string => `/course?module=${moduleId}&view=lessons`;
export const quizHref = (moduleId: number): string => `/course?module=${moduleId}&view=quiz`;
