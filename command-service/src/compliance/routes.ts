import { type DocumentType, type EventOf, streams } from '@tickwise/contracts';
import { deterministicId, HttpError, type RecordedEvent, type RouteHandlers } from '@tickwise/platform';
import type { CommandServiceDeps } from '../app/deps';
import { handleCommand } from '../handling/handle-command';
import { type ActiveVersion, complianceRecord, documentKey } from './compliance-record';

type Published = EventOf<'ComplianceDocumentPublished'>['data'];
type Acknowledged = EventOf<'DocumentAcknowledged'>['data'];
type Issued = EventOf<'RegulatoryWarningIssued'>['data'];

/** The version in force of a document: the latest one published into its catalog stream. */
export async function activeVersion(deps: Pick<CommandServiceDeps, 'log'>, documentType: DocumentType) {
  const [latest] = await deps.log.readStream(streams.catalogDocument(documentType), {
    direction: 'backwards',
    maxCount: 1,
  });
  if (!latest) return undefined;
  const data = latest.data as Published;
  return {
    version: data.version,
    contentHash: data.contentHash,
    consentText: data.consentText,
  } satisfies ActiveVersion;
}

const findLast = (events: readonly RecordedEvent[], match: (e: RecordedEvent) => boolean) =>
  [...events].reverse().find(match);

/** Document views, acknowledgments with their evidence, risk assessments and warning acknowledgments. */
export function complianceRoutes(deps: CommandServiceDeps): RouteHandlers<'command'> {
  const command = (userId: string, commandId: string, requestId: string) => ({
    stream: streams.compliance(userId),
    commandId,
    actor: userId,
    correlationId: requestId,
  });
  return {
    async recordDocumentView({ body }, request) {
      const userId = request.principal.userId;
      const at = deps.now().toISOString();
      const outcome = await handleCommand(deps, complianceRecord, {
        ...command(userId, request.commandId, request.requestId),
        command: { kind: 'recordView', ...body, active: await activeVersion(deps, body.documentType), at },
      });
      const viewed = outcome.events[0]?.data as { viewedAt: string } | undefined;
      return {
        body: { documentType: body.documentType, version: body.version, viewedAt: viewed?.viewedAt ?? at },
        ...(outcome.position ? { position: outcome.position } : {}),
      };
    },

    async acknowledgeDocument({ body }, request) {
      const userId = request.principal.userId;
      const outcome = await handleCommand(deps, complianceRecord, {
        ...command(userId, request.commandId, request.requestId),
        command: {
          kind: 'acknowledge',
          documentType: body.documentType,
          version: body.version,
          active: await activeVersion(deps, body.documentType),
          at: deps.now().toISOString(),
          minimumReadSeconds: deps.minimumReadSeconds,
          ip: request.ip,
          userAgent: request.userAgent,
        },
      });
      const key = documentKey(body.documentType, body.version);
      const stream = await deps.log.readStream(streams.compliance(userId));
      const recorded = findLast(stream, (e) => {
        if (e.type !== 'DocumentAcknowledged') return false;
        const d = e.data as Acknowledged;
        return documentKey(d.documentType, d.version) === key;
      });
      if (!recorded) throw new Error('acknowledgment not found after it was recorded');
      const data = recorded.data as Acknowledged;
      return {
        body: {
          id: recorded.eventId,
          documentType: data.documentType,
          version: data.version,
          acknowledgedAt: data.acknowledgedAt,
        },
        // Acknowledging the same version again appends nothing and answers the existing record.
        ...(outcome.events.length > 0 && outcome.position ? { position: outcome.position } : { status: 200 }),
      };
    },

    async submitRiskAssessment({ body }, request) {
      const userId = request.principal.userId;
      const { expiresAt: _ignored, ...answers } = body;
      const outcome = await handleCommand(deps, complianceRecord, {
        ...command(userId, request.commandId, request.requestId),
        command: {
          kind: 'assessRisk',
          assessmentId: deterministicId('risk-assessment', request.commandId),
          answers,
          at: deps.now().toISOString(),
        },
      });
      const assessed = outcome.events.find((e) => e.type === 'RiskAssessed');
      if (assessed?.type !== 'RiskAssessed') throw new Error('risk assessment was not recorded');
      const { assessmentId, submittedAt, ...rest } = assessed.data;
      return {
        body: { id: assessmentId, ...rest, createdAt: submittedAt },
        ...(outcome.position ? { position: outcome.position } : {}),
      };
    },

    async acknowledgeWarning({ params }, request) {
      const userId = request.principal.userId;
      const outcome = await handleCommand(deps, complianceRecord, {
        ...command(userId, request.commandId, request.requestId),
        command: { kind: 'acknowledgeWarning', warningId: params.id, at: deps.now().toISOString() },
      });
      const stream = await deps.log.readStream(streams.compliance(userId));
      const issued = findLast(
        stream,
        (e) => e.type === 'RegulatoryWarningIssued' && (e.data as Issued).warningId === params.id,
      );
      if (!issued) throw new HttpError(404, 'Warning not found');
      const data = issued.data as Issued;
      return {
        body: {
          id: data.warningId,
          warningType: data.warningType,
          message: data.message,
          createdAt: data.issuedAt,
          acknowledged: true,
        },
        ...(outcome.position ? { position: outcome.position } : {}),
      };
    },
  };
}
