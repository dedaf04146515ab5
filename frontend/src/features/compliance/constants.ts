/**
 * The compliance gate's constants: reading time, retries, delays, every word the
 * user reads, and the labels of the risk-assessment choices. Values only: no React, no API code, so the
 * registration hand-off that imports the gate store stays tiny.
 */
import type { ExperienceLevel, FinancialSituation, InvestmentObjective } from '@tickwise/contracts';

/** A document must be open this many seconds before it can be acknowledged; the timer ticks each second. */
export const MIN_READ_SECONDS = 10;
export const READ_TICK_MS = 1000;

/** Auth sync: at most 5 tries, 500 ms × 1.5ⁿ between them, never more than 3 s. */
export const AUTH_SYNC_MAX_TRIES = 5;
export const AUTH_SYNC_BASE_DELAY_MS = 500;
export const AUTH_SYNC_FACTOR = 1.5;
export const AUTH_SYNC_MAX_DELAY_MS = 3000;

/** The delay before auth-sync try `n` (0-based): 500, 750, 1125, 1687.5, 2531.25 ms. */
export const authSyncDelay = (n: number): number =>
  Math.min(AUTH_SYNC_BASE_DELAY_MS * AUTH_SYNC_FACTOR ** n, AUTH_SYNC_MAX_DELAY_MS);

/** The documents query: 2 retries, 1 s apart. */
export const DOCUMENT_QUERY_RETRIES = 2;
export const DOCUMENT_QUERY_RETRY_DELAY_MS = 1000;

/** After the gate is completed the page reloads after this delay. */
export const COMPLETION_RELOAD_DELAY_MS = 1000;

export const RISK_CAPACITY = { min: 1, max: 10, step: 1, initial: 5 } as const;
/** annualIncome and netWorth: optional free text of at most this many characters. */
export const INCOME_MAX_LENGTH = 100;

export const messages = {
  readingLeft: (seconds: number) => `Reading... ${seconds} s left`,
  /** A document closed before its 10 seconds: its timer waits until it is open again. */
  pausedLeft: (seconds: number) => `Paused · ${seconds} s left`,
  read: 'Read',
  /** After a reload: reading time the server had recorded counts, so those documents need not be read again. */
  readingRestored: (count: number, ticksKept: boolean) =>
    `Welcome back: ${count === 1 ? 'a document you opened earlier counts' : `${count} documents you opened earlier count`} as read, as we recorded when you opened ${count === 1 ? 'it' : 'them'}${ticksKept ? ', and the boxes you ticked are still ticked' : ''}.`,
  mustBeReadTitle: 'Document Must Be Read',
  mustBeReadDescription: 'Please read the full document before acknowledging.',
  mustBeReadDialog: 'Please read the full document before acknowledging (minimum 10 seconds)',
  requiredMissingTitle: 'Required Fields Missing',
  requiredMissingDescription: 'Please complete all required fields in the risk assessment.',
  missingToken: 'No authentication token found. Please log in again.',
  syncing: 'Synchronizing authentication state...',
  authRequired: 'Authentication required',
  authRequiredHint: 'If you just registered, please wait a moment and try again.',
  documentsFailed: (status: number) => `Failed to fetch documents: ${status}`,
  complianceRequiredTitle: 'Compliance Required',
  complianceRequiredDescription: 'You must acknowledge all compliance documents to complete registration',
  errorTitle: 'Error',
  acknowledgeDocumentsFailed: 'Failed to acknowledge compliance documents. Please try again.',
  acknowledgeTitleFailed: (title: string, message: string) => `Failed to acknowledge ${title}: ${message}`,
  riskAssessmentFailed: 'Failed to submit risk assessment. Please try again.',
  acknowledgeDocumentFailed: 'Failed to acknowledge document. Please try again.',
  acknowledgeWarningFailed: 'Failed to acknowledge warning. Please try again.',
  documentAcknowledged: 'Document Acknowledged',
  warningAcknowledged: 'Warning Acknowledged',
  acknowledgmentRecorded: 'Your acknowledgment has been recorded.',
  assessmentComplete: 'Assessment Complete',
  assessmentSubmitted: 'Your risk assessment has been successfully submitted.',
  welcomeTitle: 'Welcome to Tickwise!',
  welcomeDescription: 'Your compliance steps are complete. The full course is open to you.',
  loginRequired: 'Please log in to access compliance features.',
  noHistory: 'No compliance history available',
} as const;

export const experienceLevels: readonly { value: ExperienceLevel; label: string }[] = [
  { value: 'beginner', label: 'Beginner (0-1 years)' },
  { value: 'intermediate', label: 'Intermediate (1-3 years)' },
  { value: 'advanced', label: 'Advanced (3+ years)' },
];

export const financialSituations: readonly { value: FinancialSituation; label: string }[] = [
  { value: 'stable', label: 'Stable' },
  { value: 'growing', label: 'Growing' },
  { value: 'volatile', label: 'Volatile' },
];

export const investmentObjectives: readonly { value: InvestmentObjective; label: string }[] = [
  { value: 'education', label: 'Education' },
  { value: 'conservative', label: 'Conservative' },
  { value: 'growth', label: 'Growth' },
  { value: 'speculative', label: 'Speculative' },
];

export const labelOf = <V extends string>(
  options: readonly { value: V; label: string }[],
  value: V | null | undefined,
): string => options.find((o) => o.value === value)?.label ?? '—';
