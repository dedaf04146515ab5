/**
 * The registration hand-off: the registration dialog calls
 * `afterRegistration` REGISTRATION_COMPLIANCE_DELAY_MS (800 ms) after a successful registration, and the
 * compliance dialog opens (it is rendered by the holding screen's slot, RiskAssessmentSlot). Closing it
 * before completion shows the destructive toast 'Compliance Required'; on completion a welcome toast, the
 * dialog closes and the page reloads after 1 s.
 */
import { gateStore } from './gate-store';

export interface ComplianceHandoff {
  afterRegistration(): void;
}

export const complianceHandoff: ComplianceHandoff = {
  afterRegistration: () => gateStore.open('registration'),
};
