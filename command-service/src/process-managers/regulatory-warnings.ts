import { streamId, streams } from '@tickwise/contracts';
import { type CommandDeps, handleCommand, type RecordedEvent } from '@tickwise/platform';
import { complianceRecord } from '../compliance/compliance-record';
import { warningsFor } from '../compliance/warning-rules';
import type { ProcessManager } from './runner';

const userOf = (event: RecordedEvent): string =>
  event.type === 'UserRegistered' ? event.data.userId : streamId('compliance', event.stream);

/**
 * Issues RegulatoryWarningIssued on the learner's compliance stream by the rules in `compliance/warning-rules.ts`:
 * a general futures-risk warning at registration, and warnings after a risk assessment whose answers call
 * for them. Command ids derive from the triggering event, so a replay after a crash issues nothing twice.
 */
export function regulatoryWarningsProcess(deps: CommandDeps & { now: () => Date }): ProcessManager {
  return {
    name: 'regulatory-warnings',
    handles: ['UserRegistered', 'RiskAssessed'],
    async react(event) {
      const warnings = warningsFor(event);
      if (warnings.length === 0) return;
      const userId = userOf(event);
      await handleCommand(deps, complianceRecord, {
        stream: streams.compliance(userId),
        command: { kind: 'issueWarnings', warnings, at: deps.now().toISOString() },
        commandId: `warnings-for:${event.eventId}`,
        actor: 'system:regulatory-warnings',
        correlationId: event.metadata.correlationId,
      });
    },
  };
}
