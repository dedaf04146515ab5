import { type DocumentType, documentKey, type EventOf, type RiskAssessmentBody } from '@tickwise/contracts';
import { accept, type Decider, domainError, refuse } from '@tickwise/platform';

/** The learner's compliance stream (`compliance-{userId}`): the evidence auditors rely on. */
export type ComplianceEvent = EventOf<
  | 'ComplianceDocumentViewed'
  | 'DocumentAcknowledged'
  | 'RiskAssessed'
  | 'RegulatoryWarningIssued'
  | 'RegulatoryWarningAcknowledged'
>;

type Acknowledged = EventOf<'DocumentAcknowledged'>['data'];

export interface ComplianceRecord {
  /**
   * View times (ISO) per `documentType@version` not yet acknowledged, oldest first: an acknowledgment is
   * judged from them, and once a version is acknowledged they judge nothing more (a learner who reads it
   * again and again keeps a record that does not grow).
   */
  views: Readonly<Record<string, readonly string[]>>;
  acknowledgments: Readonly<Record<string, Acknowledged>>;
  warnings: Readonly<Record<string, { acknowledged: boolean }>>;
}

/** The document version in force, as published (the server's copy, never the client's). */
export interface ActiveVersion {
  version: string;
  contentHash: string;
  consentText: string;
}

export interface IssuedWarning {
  warningId: string;
  warningType: string;
  rule: string;
  message: string;
}

export type ComplianceCommand =
  | {
      kind: 'recordView';
      documentType: DocumentType;
      version: string;
      active: ActiveVersion | undefined;
      at: string;
    }
  | {
      kind: 'acknowledge';
      documentType: DocumentType;
      version: string;
      active: ActiveVersion | undefined;
      at: string;
      minimumReadSeconds: number;
      ip: string;
      userAgent: string;
    }
  | { kind: 'assessRisk'; assessmentId: string; answers: Omit<RiskAssessmentBody, 'expiresAt'>; at: string }
  | { kind: 'issueWarnings'; warnings: readonly IssuedWarning[]; at: string }
  | { kind: 'acknowledgeWarning'; warningId: string; at: string };

export const DOCUMENT_MUST_BE_READ = 'Document Must Be Read';
export const NOT_CURRENT_VERSION =
  'This is not the current version of the document; please read the current version';
export const UNKNOWN_DOCUMENT = 'No such compliance document';
export const WARNING_NOT_FOUND = 'Warning not found';

/** One year after `at`, by the calendar (a 29 February submission expires on 1 March). */
export function oneYearAfter(at: string): string {
  const date = new Date(at);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString();
}

/** The latest view of the version that is at least `seconds` old at `at`. */
function qualifyingView(
  views: readonly string[] | undefined,
  at: string,
  seconds: number,
): string | undefined {
  const limit = Date.parse(at) - seconds * 1000;
  return [...(views ?? [])].reverse().find((viewedAt) => Date.parse(viewedAt) <= limit);
}

export const complianceRecord: Decider<ComplianceCommand, ComplianceRecord, ComplianceEvent> = {
  initialState: { views: {}, acknowledgments: {}, warnings: {} },
  evolve(state, event) {
    switch (event.type) {
      case 'ComplianceDocumentViewed': {
        const key = documentKey(event.data);
        if (state.acknowledgments[key]) return state;
        return {
          ...state,
          views: { ...state.views, [key]: [...(state.views[key] ?? []), event.data.viewedAt] },
        };
      }
      case 'DocumentAcknowledged': {
        const key = documentKey(event.data);
        const { [key]: _judged, ...views } = state.views;
        return { ...state, views, acknowledgments: { ...state.acknowledgments, [key]: event.data } };
      }
      case 'RegulatoryWarningIssued':
        return { ...state, warnings: { ...state.warnings, [event.data.warningId]: { acknowledged: false } } };
      case 'RegulatoryWarningAcknowledged':
        return { ...state, warnings: { ...state.warnings, [event.data.warningId]: { acknowledged: true } } };
      default:
        return state;
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case 'recordView': {
        const { documentType, version, active, at } = command;
        if (!active) return refuse(domainError('not_found', UNKNOWN_DOCUMENT));
        if (version !== active.version) return refuse(domainError('rule', NOT_CURRENT_VERSION));
        return accept({
          type: 'ComplianceDocumentViewed',
          data: { documentType, version, contentHash: active.contentHash, viewedAt: at },
        });
      }
      case 'acknowledge': {
        const { documentType, version, active, at } = command;
        if (!active) return refuse(domainError('not_found', UNKNOWN_DOCUMENT));
        if (version !== active.version) return refuse(domainError('rule', NOT_CURRENT_VERSION));
        // Acknowledging the same version again changes nothing.
        if (state.acknowledgments[documentKey(command)]) return accept();
        const viewedAt = qualifyingView(state.views[documentKey(command)], at, command.minimumReadSeconds);
        if (!viewedAt) return refuse(domainError('rule', DOCUMENT_MUST_BE_READ));
        return accept({
          type: 'DocumentAcknowledged',
          data: {
            documentType,
            version,
            contentHash: active.contentHash,
            viewedAt,
            acknowledgedAt: at,
            secondsRead: Math.floor((Date.parse(at) - Date.parse(viewedAt)) / 1000),
            ip: command.ip,
            userAgent: command.userAgent,
            consentText: active.consentText,
          },
        });
      }
      case 'assessRisk': {
        const { answers, at } = command;
        return accept({
          type: 'RiskAssessed',
          data: {
            assessmentId: command.assessmentId,
            experienceLevel: answers.experienceLevel,
            financialSituation: answers.financialSituation,
            riskCapacity: answers.riskCapacity,
            investmentObjective: answers.investmentObjective,
            annualIncome: answers.annualIncome,
            netWorth: answers.netWorth,
            submittedAt: at,
            expiresAt: oneYearAfter(at),
          },
        });
      }
      case 'issueWarnings':
        return accept(
          ...command.warnings
            .filter((w) => !state.warnings[w.warningId])
            .map((w) => ({ type: 'RegulatoryWarningIssued' as const, data: { ...w, issuedAt: command.at } })),
        );
      case 'acknowledgeWarning': {
        const warning = state.warnings[command.warningId];
        if (!warning) return refuse(domainError('not_found', WARNING_NOT_FOUND));
        if (warning.acknowledged) return accept();
        return accept({
          type: 'RegulatoryWarningAcknowledged',
          data: { warningId: command.warningId, acknowledgedAt: command.at },
        });
      }
    }
  },
};
