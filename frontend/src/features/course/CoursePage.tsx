/** /course: the course screen, the module viewer or a module quiz, as the query string says. */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CourseOverview } from './CourseOverview';
import { parseCourseView } from './course-routes';
import { ModuleViewer } from './ModuleViewer';
import { QuizScreen } from './QuizScreen';

export function CoursePage() {
  const [params] = useSearchParams();
  const view = parseCourseView(params);
  const screenKey =
    view.screen === 'viewer'
      ? `viewer-${view.moduleId}-${view.lessonId ?? ''}`
      : `${view.screen}-${view.moduleId}`;
  const scrollKey = view.screen === 'course' ? 'course' : screenKey;

  // A new lesson, quiz or screen starts at the top (choosing a module on the course screen does not).
  useEffect(() => {
    if (scrollKey) window.scrollTo?.({ top: 0 });
  }, [scrollKey]);

  switch (view.screen) {
    case 'course':
      return <CourseOverview selectedId={view.moduleId} />;
    case 'viewer':
      return <ModuleViewer key={view.moduleId} moduleId={view.moduleId} lessonId={view.lessonId} />;
    case 'quiz':
      return <QuizScreen key={view.moduleId} moduleId={view.moduleId} />;
  }
}
