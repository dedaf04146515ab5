/**
 * Cache tags: every query provides the tag of its list, every command invalidates the lists it changes,
 * so a successful command refetches exactly the related lists. The maps are checked against the route
 * table: a name that is not a route of the contracts fails the type check.
 */
import type { RouteName, Routes } from '@tickwise/contracts';

export const tagTypes = [
  'CurrentUser',
  'Modules',
  'Lessons',
  'Quiz',
  'Progress',
  'QuizResults',
  'PsychologyResults',
  'PsychologyQuestions',
  'TradingProfile',
  'Dashboard',
  'ComplianceDocuments',
  'Acknowledgments',
  'ComplianceLog',
  'DocumentViews',
  'RiskAssessments',
  'RegulatoryWarnings',
  'Audit',
  'Analytics',
  'ContractSpecs',
  'MarginScenarios',
  'Certificates',
  'Review',
] as const;
export type TagType = (typeof tagTypes)[number];

type QueryRouteName = { [N in RouteName]: Routes[N]['method'] extends 'GET' ? N : never }[RouteName];
type CommandRouteName = Exclude<RouteName, QueryRouteName>;

/** The tag each query route's result is cached under. */
export const providedBy = {
  me: 'CurrentUser',
  modules: 'Modules',
  moduleLessons: 'Lessons',
  moduleQuiz: 'Quiz',
  progress: 'Progress',
  quizResults: 'QuizResults',
  assessments: 'PsychologyResults',
  psychologyQuestions: 'PsychologyQuestions',
  latestPsychologyResult: 'PsychologyResults',
  tradingProfile: 'TradingProfile',
  dashboard: 'Dashboard',
  complianceDocuments: 'ComplianceDocuments',
  acknowledgments: 'Acknowledgments',
  complianceLog: 'ComplianceLog',
  documentViews: 'DocumentViews',
  riskAssessments: 'RiskAssessments',
  regulatoryWarnings: 'RegulatoryWarnings',
  auditLearners: 'Audit',
  auditLearnerHistory: 'Audit',
  auditDocuments: 'Audit',
  auditDocumentCoverage: 'Audit',
  analyticsFunnel: 'Analytics',
  analyticsModules: 'Analytics',
  analyticsQuizItems: 'Analytics',
  analyticsPsychology: 'Analytics',
  analyticsCompliance: 'Analytics',
  analyticsPractice: 'Analytics',
  projections: 'Analytics',
  contractSpecs: 'ContractSpecs',
  marginScenarios: 'MarginScenarios',
  reviewQueue: 'Review',
  mastery: 'Review',
  certificates: 'Certificates',
  certificateVerification: 'Certificates',
} as const satisfies Partial<Record<QueryRouteName, TagType>>;

/** The lists each command changes; a success refetches them. */
export const invalidatedBy = {
  login: ['CurrentUser'],
  register: ['CurrentUser'],
  logout: [],
  recordProgress: ['Progress', 'Dashboard', 'Analytics', 'Certificates'],
  quizAttempt: ['QuizResults', 'Progress', 'Dashboard', 'Analytics', 'Review'],
  answerLessonCheck: ['Analytics', 'Review'],
  submitPsychologyAssessment: ['PsychologyResults', 'TradingProfile', 'Dashboard', 'Analytics'],
  acknowledgeDocument: ['Acknowledgments', 'ComplianceDocuments', 'ComplianceLog', 'CurrentUser', 'Audit'],
  recordDocumentView: ['ComplianceLog', 'DocumentViews', 'Audit'],
  submitRiskAssessment: ['RiskAssessments', 'RegulatoryWarnings', 'ComplianceLog', 'CurrentUser', 'Audit'],
  acknowledgeWarning: ['RegulatoryWarnings', 'ComplianceLog', 'Audit'],
  rebuildProjection: ['Analytics'],
  recordMarginSimulation: ['Dashboard', 'Analytics'],
  answerReview: ['Analytics'],
  chooseCertificateName: ['Certificates'],
} as const satisfies Partial<Record<CommandRouteName, readonly TagType[]>>;
