/**
 * The signed-in screens that later parts of the build deliver (dashboard, course, compliance center,
 * trading psychology assessment). Each feature replaces its entry here with its real screen; until then
 * the route shows a "coming soon" page.
 */

export { CompliancePage } from '../features/compliance/CompliancePage';

export { CoursePage } from '../features/course/CoursePage';
export { DashboardPage } from '../features/dashboard/DashboardPage';

export { PsychologyAssessmentPage } from '../features/psychology/PsychologyAssessmentPage';
