/**
 * GET /api/account/data: everything Tickwise holds about the signed-in learner, decrypted, as one
 * documented JSON file (GDPR Art. 15 and 20). Each list is oldest first; each entry is the recorded fact
 * itself (docs/security/personal-data.md, "Download my data").
 */
import * as t from 'io-ts';
import { CertificateIssued, CertificateNameChosen } from './certificates';
import { closed, entityId, isoDateTime, struct, text } from './codecs';
import {
  ComplianceDocumentViewed,
  DocumentAcknowledged,
  RegulatoryWarningAcknowledged,
  RegulatoryWarningIssued,
  RiskAssessed,
} from './compliance';
import {
  LessonCheckAnswered,
  LessonCompleted,
  MarginSimulationCompleted,
  ModuleQuizCompleted,
  PsychologyAssessmentCompleted,
  QuizQuestionAnswered,
  ReviewAnswered,
} from './events';
import { limits } from './limits';
import type { RouteDefinition } from './route-definition';
import { Role } from './vocabulary';

export const PERSONAL_DATA_FORMAT = 'tickwise-personal-data/1';

export const PersonalDataExport = struct(
  {
    /** The format's name and version: `tickwise-personal-data/1`. */
    format: t.literal(PERSONAL_DATA_FORMAT),
    exportedAt: isoDateTime,
    profile: struct(
      {
        id: entityId,
        email: t.string,
        firstName: text(limits.name),
        lastName: text(limits.name),
        registeredAt: isoDateTime,
      },
      'Profile',
    ),
    roles: t.array(Role),
    isCompliant: t.boolean,
    /** Each successful sign-in: when, from which address and browser. */
    logins: t.array(struct({ at: isoDateTime, ip: t.string, userAgent: t.string }, 'Login')),
    documentViews: t.array(ComplianceDocumentViewed),
    /** Each acknowledgment with its evidence (version, content hash, reading time, address, browser, wording). */
    acknowledgments: t.array(DocumentAcknowledged),
    riskAssessments: t.array(RiskAssessed),
    regulatoryWarnings: t.array(RegulatoryWarningIssued),
    regulatoryWarningAcknowledgments: t.array(RegulatoryWarningAcknowledged),
    lessonsCompleted: t.array(LessonCompleted),
    lessonCheckAnswers: t.array(LessonCheckAnswered),
    quizAnswers: t.array(QuizQuestionAnswered),
    moduleQuizzes: t.array(ModuleQuizCompleted),
    psychologyAssessments: t.array(PsychologyAssessmentCompleted),
    /** Answers to review items (questions missed before, asked again). */
    reviewAnswers: t.array(ReviewAnswered),
    /** Runs of the margin-call simulator: scenario, choices and outcome. */
    marginSimulations: t.array(MarginSimulationCompleted),
    /** Every certificate of completion issued, with the name it shows and the salted e-mail hash. */
    certificates: t.array(CertificateIssued),
    /** Names chosen to show on certificates, in the order they were chosen. */
    certificateNames: t.array(CertificateNameChosen),
    /** Earlier downloads of this file. */
    previousExports: t.array(isoDateTime),
  },
  'PersonalDataExport',
);
export type PersonalDataExport = t.TypeOf<typeof PersonalDataExport>;

export const personalDataRoutes = {
  /** The signed-in learner's own data only (there is no way to name another); recorded as PersonalDataExported. */
  personalData: {
    method: 'GET',
    path: '/api/account/data',
    access: 'authenticated',
    query: closed({}, 'the file holds your own data only, and names nobody else', 'OwnDataQuery'),
    response: PersonalDataExport,
  },
} as const satisfies Record<string, RouteDefinition>;
