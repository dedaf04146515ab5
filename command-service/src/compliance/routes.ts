import { streams } from '@tickwise/contracts';
import { deterministicId, HttpError, handleCommand, type RouteHandlers, reply } from '@tickwise/platform';
import type { CommandServiceDeps } from '../app/deps';
import { complianceRecord } from './compliance-record';

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
        command: {
          kind: 'recordView',
          ...body,
          active: await deps.catalog.documentInForce(body.documentType),
          at,
        },
      });
      const [viewed] = outcome.events;
      if (viewed?.type !== 'ComplianceDocumentViewed') throw new Error('document view was not recorded');
      return reply(outcome, {
        documentType: body.documentType,
        version: body.version,
        viewedAt: viewed.data.viewedAt,
      });
    },

    async acknowledgeDocument({ body }, request) {
      const userId = request.principal.userId;
      const outcome = await handleCommand(deps, complianceRecord, {
        ...command(userId, request.commandId, request.requestId),
        command: {
          kind: 'acknowledge',
          documentType: body.documentType,
          version: body.version,
          active: await deps.catalog.documentInForce(body.documentType),
          at: deps.now().toISOString(),
          minimumReadSeconds: deps.minimumReadSeconds,
          ip: request.ip,
          userAgent: request.userAgent,
        },
      });
      // Acknowledging the same version again appends nothing and answers the record already there.
      const acknowledged = outcome.history.findLast(
        (e) =>
          e.type === 'DocumentAcknowledged' &&
          e.data.documentType === body.documentType &&
          e.data.version === body.version,
      );
      if (acknowledged?.type !== 'DocumentAcknowledged') throw new Error('acknowledgment was not recorded');
      return reply(outcome, {
        id: acknowledged.eventId,
        documentType: acknowledged.data.documentType,
        version: acknowledged.data.version,
        acknowledgedAt: acknowledged.data.acknowledgedAt,
      });
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
      return reply(outcome, { id: assessmentId, ...rest, createdAt: submittedAt });
    },

    async acknowledgeWarning({ params }, request) {
      const userId = request.principal.userId;
      const outcome = await handleCommand(deps, complianceRecord, {
        ...command(userId, request.commandId, request.requestId),
        command: { kind: 'acknowledgeWarning', warningId: params.id, at: deps.now().toISOString() },
      });
      const issued = outcome.history.findLast(
        (e) => e.type === 'RegulatoryWarningIssued' && e.data.warningId === params.id,
      );
      if (issued?.type !== 'RegulatoryWarningIssued') throw new HttpError(404, 'Warning not found');
      return reply(outcome, {
        id: issued.data.warningId,
        warningType: issued.data.warningType,
        message: issued.data.message,
        createdAt: issued.data.issuedAt,
        acknowledged: true,
      });
    },
  };
}
