import * as t from 'io-ts';
import {
  ComplianceLogEntry,
  CookiePreferences,
  Dashboard,
  decode,
  Lesson,
  ProgressRecord,
  PsychologyResult,
  QuizAttempt,
  QuizQuestion,
  RiskAssessment,
  TradingProfile,
  User,
} from '../src';
import { at, later, userId } from './samples';

const messageOf = (codec: t.Decoder<unknown, unknown>, input: unknown): string | null => {
  const result = decode(codec, input);
  return result._tag === 'Left' ? result.left : null;
};

const user = {
  id: userId,
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: '',
  isCompliant: false,
  roles: ['learner'],
  createdAt: at,
};

const dashboard = {
  courseProgress: 25,
  quizAverage: 88,
  eqScore: null,
  stressResilience: null,
  moduleProgress: [{ moduleId: 1, title: 'What futures are', progress: 100 }],
  recentActivity: [{ kind: 'quiz_completed', title: 'Module 1 Quiz', at }],
  recommendations: [
    { kind: 'psychology_assessment', title: 'Take the assessment', description: 'Know yourself', href: '/x' },
  ],
};

describe('entities', () => {
  it('User: roles are the known roles; the password hash never passes through', () => {
    expect(decode(User, { ...user, passwordHash: 'secret' })).toEqual({ _tag: 'Right', right: user });
    expect(messageOf(User, { ...user, roles: ['learner', 'root'] })).toBe(
      'roles.1: must be one of learner, auditor, analyst, admin',
    );
    expect(messageOf(User, { ...user, createdAt: 'Jan 17 2025' })).toBe(
      'createdAt: must be an ISO 8601 date-time',
    );
  });

  it('Lesson: videoUrl may be null but must be present', () => {
    const lesson = {
      id: 1,
      title: 'T',
      description: 'D',
      duration: 6,
      videoUrl: null,
      content: 'C',
      checks: [],
    };
    expect(messageOf(Lesson, lesson)).toBeNull();
    const { videoUrl: _v, ...withoutVideo } = lesson;
    expect(messageOf(Lesson, withoutVideo)).toBe('videoUrl: required');
  });

  it('QuizQuestion: what a learner sees before answering — the key, explanation and whyWrong never pass through', () => {
    const question = { id: 1, question: 'Q?', options: ['a', 'b'] };
    expect(
      decode(QuizQuestion, { ...question, correctAnswer: 1, explanation: 'E', whyWrong: { 2: 'W' } }),
    ).toEqual({ _tag: 'Right', right: question });
  });

  it('QuizAttempt: the graded answer carries the feedback; correctAnswer is 1-based, whyWrong may be null', () => {
    const attempt = {
      questionId: 1,
      selectedAnswer: 0,
      isCorrect: false,
      correctAnswer: 2,
      explanation: 'Why B.',
      whyWrong: 'Why not A.',
    };
    expect(messageOf(QuizAttempt, attempt)).toBeNull();
    expect(messageOf(QuizAttempt, { ...attempt, isCorrect: true, whyWrong: null })).toBeNull();
    expect(messageOf(QuizAttempt, { ...attempt, correctAnswer: 0 })).toBe(
      'correctAnswer: must be a positive integer',
    );
    const { explanation: _e, ...withoutExplanation } = attempt;
    expect(messageOf(QuizAttempt, withoutExplanation)).toBe('explanation: required');
  });

  it('Lesson checks: no key before an answer; the answer carries its feedback', () => {
    const check = { id: 10011, question: 'Q?', options: ['a', 'b', 'c'] };
    const lesson = { id: 1, title: 'T', description: 'D', duration: 6, videoUrl: null, content: 'C' };
    // A key sent with an unanswered check does not pass through.
    expect(
      decode(Lesson, { ...lesson, checks: [{ ...check, correctAnswer: 2, explanation: 'E', answer: null }] }),
    ).toEqual({ _tag: 'Right', right: { ...lesson, checks: [{ ...check, answer: null }] } });
    const answer = {
      checkId: 10011,
      selectedAnswer: 0,
      answeredAt: at,
      isCorrect: false,
      correctAnswer: 2,
      explanation: 'Why B.',
      whyWrong: 'Why not A.',
    };
    expect(messageOf(Lesson, { ...lesson, checks: [{ ...check, answer }] })).toBeNull();
    expect(
      messageOf(Lesson, { ...lesson, checks: [{ ...check, answer: { ...answer, answeredAt: 'x' } }] }),
    ).toBe('checks.0.answer.answeredAt: must be an ISO 8601 date-time');
  });

  it('ProgressRecord: lessonId null means the module quiz', () => {
    expect(
      messageOf(ProgressRecord, { id: 'p1', moduleId: 1, lessonId: null, completed: true, createdAt: at }),
    ).toBeNull();
  });

  it('PsychologyResult: scores are whole percents, archetype texts optional', () => {
    const result = {
      id: 'pa-1',
      overallScore: 67,
      traderArchetype: 'The Steady Hand',
      emotionalIntelligence: 70,
      cognitiveControl: 65,
      stressResilience: 50,
      behavioralDiscipline: 80,
      riskManagement: 75,
      performanceOptimization: 60,
      completedAt: at,
    };
    expect(messageOf(PsychologyResult, result)).toBeNull();
    expect(messageOf(PsychologyResult, { ...result, archetypeDescription: 'Calm.' })).toBeNull();
    expect(messageOf(PsychologyResult, { ...result, riskManagement: 100.5 })).toBe(
      'riskManagement: must be an integer 0-100',
    );
  });

  it('RiskAssessment: riskCapacity 1-10, incomes nullable', () => {
    const assessment = {
      id: 'ra-1',
      experienceLevel: 'advanced',
      financialSituation: 'stable',
      riskCapacity: 10,
      investmentObjective: 'conservative',
      annualIncome: null,
      netWorth: '1m',
      createdAt: at,
      expiresAt: later,
    };
    expect(messageOf(RiskAssessment, assessment)).toBeNull();
    expect(messageOf(RiskAssessment, { ...assessment, riskCapacity: 11 })).toBe(
      'riskCapacity: must be an integer 1-10',
    );
  });

  it('CookiePreferences: necessary is always true', () => {
    const prefs = { necessary: true, functional: false, analytics: true, marketing: false };
    expect(messageOf(CookiePreferences, prefs)).toBeNull();
    expect(messageOf(CookiePreferences, { ...prefs, necessary: false })).toBe('necessary: must be true');
  });

  it('ComplianceLogEntry: document fields are optional, kind is closed', () => {
    const entry = { id: 'e1', kind: 'risk_assessed', at, summary: 'Risk assessment submitted' };
    expect(messageOf(ComplianceLogEntry, entry)).toBeNull();
    expect(
      messageOf(ComplianceLogEntry, {
        ...entry,
        kind: 'document_acknowledged',
        documentType: 'risk_disclosure',
      }),
    ).toBeNull();
    expect(messageOf(ComplianceLogEntry, { ...entry, kind: 'other' })).toMatch(/^kind: must be one of /);
  });

  it('Dashboard: nested items are checked and stripped', () => {
    const withExtras = {
      ...dashboard,
      moduleProgress: [{ ...dashboard.moduleProgress[0], lessons: [1, 2] }],
      recentActivity: [{ ...dashboard.recentActivity[0], userId }],
    };
    expect(decode(Dashboard, withExtras)).toEqual({ _tag: 'Right', right: dashboard });
    expect(
      messageOf(Dashboard, { ...dashboard, moduleProgress: [{ moduleId: 1, title: 'M', progress: 120 }] }),
    ).toBe('moduleProgress.0.progress: must be an integer 0-100');
    expect(messageOf(Dashboard, { ...dashboard, eqScore: 'high' })).toBe(
      'eqScore: must be an integer 0-100 or null',
    );
  });

  it('TradingProfile: basedOn is an exact nested object', () => {
    const profile = {
      style: 'Cautious learner',
      description: 'Start with micro contracts in simulation.',
      basedOn: {
        traderArchetype: null,
        experienceLevel: 'beginner',
        riskCapacity: 3,
        investmentObjective: null,
      },
    };
    expect(decode(TradingProfile, { ...profile, basedOn: { ...profile.basedOn, extra: 1 } })).toEqual({
      _tag: 'Right',
      right: profile,
    });
    expect(
      messageOf(TradingProfile, { ...profile, basedOn: { ...profile.basedOn, experienceLevel: 'pro' } }),
    ).toBe('basedOn.experienceLevel: must be one of beginner, intermediate, advanced or null');
  });
});
