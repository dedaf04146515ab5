/**
 * Route access:
 * - signed out: / (landing), the four policy pages, '404 Page Not Found' for anything else;
 * - signed in and compliant: / and /dashboard (dashboard), /course, /compliance, /review,
 *   /trading-psychology-assessment and the policy pages;
 * - signed in and not compliant: / is the 'Compliance Required' holding screen; no other signed-in route.
 * - staff, compliant or not: /audit for auditors and admins, /analytics for analysts and admins.
 * - everyone signed in, compliant or not: /account (their data: summary, download, delete) and
 *   /tools/calculator (the contract calculator) and /practice/margin (the margin-call simulator).
 * - everyone, signed in or not: /verify/:id (a certificate's public verification).
 * Everything but the landing page is loaded on demand. Every path is one of the contracts' pagePaths: the
 * server answers 404 for any other.
 */
import type { User } from '@tickwise/contracts';
import { pagePaths, pagePatterns } from '@tickwise/contracts/pages';
import { lazy, type ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { useAuthDialogs } from '../dialogs/auth-dialogs';
import { canAnalyse } from '../features/analytics/access';
import { canAudit } from '../features/audit/access';
import { LandingPage } from '../pages/LandingPage';
import { type PolicySlug, policyLinks } from '../pages/policy-links';
import { useSession } from '../session/use-session';

const PolicyPage = lazy(() => import('../pages/PolicyPage').then((m) => ({ default: m.PolicyPage })));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
const ComplianceRequiredPage = lazy(() =>
  import('../pages/ComplianceRequiredPage').then((m) => ({ default: m.ComplianceRequiredPage })),
);
const DashboardPage = lazy(() =>
  import('../features/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })),
);
const CoursePage = lazy(() =>
  import('../features/course/CoursePage').then((m) => ({ default: m.CoursePage })),
);
const CompliancePage = lazy(() =>
  import('../features/compliance/CompliancePage').then((m) => ({ default: m.CompliancePage })),
);
const PsychologyAssessmentPage = lazy(() =>
  import('../features/psychology/PsychologyAssessmentPage').then((m) => ({
    default: m.PsychologyAssessmentPage,
  })),
);

const VerifyPage = lazy(() =>
  import('../features/certificates/VerifyPage').then((m) => ({ default: m.VerifyPage })),
);

const AccountPage = lazy(() =>
  import('../features/account/AccountPage').then((m) => ({ default: m.AccountPage })),
);
const CalculatorPage = lazy(() =>
  import('../features/tools/CalculatorPage').then((m) => ({ default: m.CalculatorPage })),
);
const MarginSimulatorPage = lazy(() =>
  import('../features/practice/MarginSimulatorPage').then((m) => ({ default: m.MarginSimulatorPage })),
);
const ReviewPage = lazy(() =>
  import('../features/review/ReviewPage').then((m) => ({ default: m.ReviewPage })),
);
const AuditPage = lazy(() => import('../features/audit/AuditPage').then((m) => ({ default: m.AuditPage })));
const AnalyticsPage = lazy(() =>
  import('../features/analytics/AnalyticsPage').then((m) => ({ default: m.AnalyticsPage })),
);

/** The auditor's and the analyst's screens, for users who hold the role (or admin). */
const staffRoutes = (user: User): ReactElement[] => [
  ...(canAudit(user) ? [<Route key="audit" path={pagePaths.audit} element={<AuditPage />} />] : []),
  ...(canAnalyse(user)
    ? [<Route key="analytics" path={pagePaths.analytics} element={<AnalyticsPage />} />]
    : []),
];

const policyRoutes = (): ReactElement[] =>
  policyLinks.map((p) => (
    <Route key={p.path} path={p.path} element={<PolicyPage slug={p.slug as PolicySlug} />} />
  ));

const notFound = <Route path="*" element={<NotFoundPage />} />;

/** A certificate's verify page: the same for everyone, signed in or not. */
const verifyRoute = <Route path={pagePatterns.verify} element={<VerifyPage />} />;

export function AppRoutes() {
  const { user, isAuthenticated } = useSession();
  const dialogs = useAuthDialogs();

  if (!isAuthenticated || user === null) {
    return (
      <Routes>
        <Route
          path={pagePaths.home}
          element={
            <LandingPage
              onLogin={dialogs.openLogin}
              onRegister={dialogs.openRegister}
              onIntent={dialogs.preload}
            />
          }
        />
        {policyRoutes()}
        {verifyRoute}
        {notFound}
      </Routes>
    );
  }
  if (!user.isCompliant) {
    return (
      <Routes>
        <Route path={pagePaths.home} element={<ComplianceRequiredPage />} />
        {/* Seeing, downloading and deleting one's data needs no compliance; nor does trying the numbers. */}
        <Route path={pagePaths.account} element={<AccountPage />} />
        <Route path={pagePaths.calculator} element={<CalculatorPage />} />
        <Route path={pagePaths.marginSimulator} element={<MarginSimulatorPage />} />
        {staffRoutes(user)}
        {policyRoutes()}
        {verifyRoute}
        {notFound}
      </Routes>
    );
  }
  return (
    <Routes>
      <Route path={pagePaths.home} element={<DashboardPage />} />
      <Route path={pagePaths.dashboard} element={<DashboardPage />} />
      <Route path={pagePaths.course} element={<CoursePage />} />
      <Route path={pagePaths.compliance} element={<CompliancePage />} />
      <Route path={pagePaths.psychologyAssessment} element={<PsychologyAssessmentPage />} />
      <Route path={pagePaths.account} element={<AccountPage />} />
      <Route path={pagePaths.calculator} element={<CalculatorPage />} />
      <Route path={pagePaths.marginSimulator} element={<MarginSimulatorPage />} />
      <Route path={pagePaths.review} element={<ReviewPage />} />
      {staffRoutes(user)}
      {policyRoutes()}
      {verifyRoute}
      {notFound}
    </Routes>
  );
}
