/** Valid sample data shared by the tests. */
import type { EventData, EventType } from '../src';

export const at = '2025-01-17T09:30:00.000Z';
export const later = '2026-01-17T09:30:00.000Z';
export const hash = 'a'.repeat(64);
export const userId = '0190f5d2-7c1e-7c3a-9b4e-2f1d3c4b5a69';

export const eventSamples: { [K in EventType]: EventData<K> } = {
  UserRegistered: { userId, email: 'ann@example.com', firstName: 'Ann', lastName: '', registeredAt: at },
  RoleGranted: { userId, role: 'auditor', grantedBy: 'cli' },
  RoleRevoked: { userId, role: 'auditor', revokedBy: 'cli' },
  UserLoggedOut: { userId, tokensRevokedBefore: at },
  LoginSucceeded: { userId, ip: '127.0.0.1', userAgent: 'jest' },
  EmailReserved: { email: 'ann@example.com', userId, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc$def' },
  LoginFailed: { emailHash: hash, reason: 'wrong_password', ip: '127.0.0.1', userAgent: 'jest' },
  LessonCompleted: { moduleId: 1, lessonId: 2, completedAt: at },
  QuizQuestionAnswered: { moduleId: 1, questionId: 3, selectedAnswer: 0, isCorrect: false, answeredAt: at },
  ModuleQuizCompleted: { moduleId: 1, score: 83, correct: 5, total: 6, completedAt: at },
  ComplianceDocumentViewed: {
    documentType: 'risk_disclosure',
    version: '1.0',
    contentHash: hash,
    viewedAt: at,
  },
  DocumentAcknowledged: {
    documentType: 'risk_disclosure',
    version: '1.0',
    contentHash: hash,
    viewedAt: at,
    acknowledgedAt: later,
    secondsRead: 12,
    ip: '127.0.0.1',
    userAgent: 'jest',
    consentText: 'I acknowledge that I have read and understood this document.',
  },
  RiskAssessed: {
    assessmentId: 'ra-1',
    experienceLevel: 'beginner',
    financialSituation: 'volatile',
    riskCapacity: 3,
    investmentObjective: 'speculative',
    annualIncome: null,
    netWorth: 'under $50,000',
    submittedAt: at,
    expiresAt: later,
  },
  RegulatoryWarningIssued: {
    warningId: 'w-1',
    warningType: 'speculative_beginner',
    rule: 'speculative objective with beginner experience',
    message: 'Speculative futures trading is not suitable for beginners.',
    issuedAt: at,
  },
  RegulatoryWarningAcknowledged: { warningId: 'w-1', acknowledgedAt: later },
  PsychologyAssessmentCompleted: {
    assessmentId: 'pa-1',
    instrumentVersion: '1.0',
    responses: [{ questionId: 1, value: 4 }],
    emotionalIntelligence: 70,
    cognitiveControl: 65,
    stressResilience: 50,
    behavioralDiscipline: 80,
    riskManagement: 75,
    performanceOptimization: 60,
    overallScore: 67,
    traderArchetype: 'The Disciplined Planner',
    completedAt: at,
  },
  ModulePublished: {
    moduleId: 1,
    title: 'What futures are',
    level: 'BEGINNER',
    description: 'Contracts, exchanges and clearing.',
    lessonIds: [1, 2, 3, 4],
    contentHash: hash,
  },
  LessonPublished: {
    lessonId: 1,
    moduleId: 1,
    position: 1,
    title: 'Futures vs forwards',
    description: 'Standardised contracts.',
    duration: 5,
    videoUrl: null,
    content: '## Overview\nText.',
    contentHash: hash,
  },
  QuizPublished: {
    moduleId: 1,
    questions: [
      {
        id: 1,
        question: 'Who is the counterparty?',
        options: ['A', 'B'],
        correctAnswer: 2,
        explanation: 'Clearing.',
      },
    ],
    contentHash: hash,
  },
  ComplianceDocumentPublished: {
    documentType: 'cftc_warning',
    version: '1.0',
    title: 'CFTC Warning',
    content: '# Warning',
    contentHash: hash,
    consentText: 'I have read the warning.',
    publishedAt: at,
  },
  PsychologyInstrumentPublished: {
    version: '1.0',
    questions: [
      { id: 1, question: 'I stay calm after a loss.', category: 'stressResilience', reverseKeyed: false },
    ],
    archetypes: [
      { id: 'steady', name: 'Steady', rule: 'otherwise', description: 'Calm.', workOn: 'Keep a journal.' },
    ],
    disclaimer: 'A self-reflection tool, not a diagnosis.',
    contentHash: hash,
  },
  AuditorViewedRecords: { auditorId: 'aud-1', learnerId: userId, view: 'history', asOf: null, viewedAt: at },
};
