import {
  type AuditExport,
  type AuditHistory,
  type ComplianceEvidence,
  type DocumentCoverage,
  DocumentType,
  documentKey,
  type LearnerSummary,
  ofType,
  type PersonalFieldTable,
  PROOF_BUNDLE_FORMAT,
  type ProofBundle,
  personalFields,
  streams,
} from '@tickwise/contracts';
import {
  CorruptEventError,
  canonicalJson,
  type EventLog,
  HttpError,
  type RecordedEvent,
  type RouteHandlers,
  recordCommand,
  sha256Hex,
} from '@tickwise/platform';
import { activeCollection, type UserDoc, type VersionAcknowledgmentDoc } from '@tickwise/projections';
import type { QueryServiceDeps } from '../app/deps';
import { auditTrail } from './audit-trail';
import { buildExport, coverageCsv, historyCsv, toStoredEvent } from './exports';
import { replayCompliance } from './replay';
import { verifyStreamEvidence } from './stream-verification';
import { withCosigners, witnessingOf } from './witnessing';

/**
 * The auditor's workspace. Histories are replayed from the event log itself (never a read model) and every
 * stream they rest on is verified; every read is itself recorded as AuditorViewedRecords.
 */
export function auditQueries(deps: QueryServiceDeps): RouteHandlers<'query'> {
  const { log, store } = deps;

  async function recordRead(
    request: { principal: { userId: string }; commandId: string; requestId: string },
    learnerId: string | null,
    view: string,
    asOf: string | null,
    exportHash?: string,
  ) {
    const auditorId = request.principal.userId;
    const viewedAt = deps.now().toISOString();
    await recordCommand(deps, auditTrail, {
      stream: streams.audit(auditorId),
      command: {
        viewed: {
          auditorId,
          learnerId,
          view,
          asOf,
          viewedAt,
          ...(exportHash === undefined ? {} : { exportHash }),
        },
      },
      commandId: request.commandId,
      actor: auditorId,
      correlationId: request.requestId,
    });
  }

  const catalogStreams = () =>
    Promise.all(
      DocumentType.values.map(async (type) => ({
        stream: streams.catalogDocument(type),
        events: await log.readStream(streams.catalogDocument(type)),
      })),
    );

  /**
   * Reads a whole stream; when an event cannot be read any more (its stored bytes were changed), returns the
   * events before it and where the stream is broken, instead of failing the auditor's request.
   */
  async function readForAudit(
    stream: string,
    from: EventLog = log,
  ): Promise<{ events: RecordedEvent[]; unreadableAt: number | null }> {
    try {
      return { events: await from.readStream(stream), unreadableAt: null };
    } catch (error) {
      if (!(error instanceof CorruptEventError)) throw error;
      return {
        events: await from.readStream(stream, { maxCount: error.revision }),
        unreadableAt: error.revision,
      };
    }
  }

  /** Adds to each piece of evidence its personal fields as the auditor may read them (opened, or erased). */
  async function withPersonalFields(events: ComplianceEvidence[], stream: string) {
    if (!events.some((e) => personalFields[e.type as keyof typeof personalFields])) return;
    // A sealed value that no longer opens (changed bytes) leaves that event and the later ones without it.
    const readable = (await readForAudit(stream, deps.personalLog)).events;
    const opened = new Map(readable.map((e) => [e.revision, e.data as Record<string, unknown>]));
    for (const event of events) {
      const fields = (personalFields as PersonalFieldTable)[event.type];
      const data = opened.get(event.revision);
      if (!fields || !data) continue;
      event.personal = Object.fromEntries(Object.keys(fields).map((field) => [field, data[field] ?? null]));
    }
  }

  async function history(learnerId: string, asOf: string) {
    const userStream = streams.user(learnerId);
    const complianceStream = streams.compliance(learnerId);
    // The signed checkpoint first, the streams after: every event it covers is then in what is read.
    const checkpoint = await deps.checkpoints.view([
      userStream,
      complianceStream,
      ...DocumentType.values.map(streams.catalogDocument),
    ]);
    const witnessing = await witnessingOf(deps, checkpoint.checkpoint);
    const userRead = await readForAudit(userStream);
    const userEvents = userRead.events;
    const registered = userEvents.find(ofType('UserRegistered'))?.data;
    if (!registered) throw new HttpError(404, 'Learner not found');
    const complianceRead = await readForAudit(complianceStream);
    const complianceEvents = complianceRead.events;
    const catalog = await catalogStreams();
    const unreadable = new Map([
      [userStream, userRead.unreadableAt],
      [complianceStream, complianceRead.unreadableAt],
    ]);
    const { events, state } = replayCompliance(
      complianceEvents,
      catalog.flatMap((c) => c.events),
      asOf,
    );
    const all = [
      { stream: userStream, events: userEvents },
      { stream: complianceStream, events: complianceEvents },
      ...catalog,
    ];
    const verification = all.map(({ stream, events: stored }) =>
      verifyStreamEvidence(
        stream,
        stored,
        checkpoint.proofs.get(stream)?.head,
        unreadable.get(stream) ?? null,
      ),
    );
    const identity =
      (await deps.personalLog.readStream(userStream, { maxCount: 1 })).find(ofType('UserRegistered'))?.data ??
      registered;
    await withPersonalFields(events, complianceStream);
    const erasedAt = userEvents.find(ofType('LearnerErased'))?.data.erasedAt;
    const learner: LearnerSummary = {
      ...(erasedAt === undefined ? {} : { erasedAt }),
      id: learnerId,
      email: identity.email,
      firstName: identity.firstName,
      lastName: identity.lastName,
      registeredAt: registered.registeredAt,
      isCompliant: state.isCompliant,
    };
    const report: AuditHistory = {
      learner,
      asOf,
      events,
      state,
      verification,
      checkpoint: withCosigners(checkpoint.basis, witnessing),
    };
    return { report, streams: all, checkpoint, witnessing };
  }

  async function coverage(
    documentType: DocumentType,
    version: string,
    asOf: string,
  ): Promise<DocumentCoverage> {
    const published = (await log.readStream(streams.catalogDocument(documentType)))
      .filter(ofType('ComplianceDocumentPublished'))
      .find((e) => e.data.version === version);
    if (!published) throw new HttpError(404, `No version ${version} of ${documentType}`);
    const [users, acknowledgments] = await Promise.all([
      activeCollection(store, 'users', 'users').then((c) => store.find<UserDoc>(c)),
      activeCollection(store, 'compliance', 'acknowledgments').then((c) =>
        store.find<VersionAcknowledgmentDoc>(c, { where: { key: documentKey({ documentType, version }) } }),
      ),
    ]);
    const acknowledgedAt = new Map(acknowledgments.map((a) => [a.learnerId, a.acknowledgedAt]));
    const limit = Date.parse(asOf);
    const acknowledged: DocumentCoverage['acknowledged'] = [];
    const notAcknowledged: DocumentCoverage['notAcknowledged'] = [];
    for (const user of users) {
      if (Date.parse(user.createdAt) > limit) continue;
      const at = acknowledgedAt.get(user.id);
      if (at !== undefined && Date.parse(at) <= limit)
        acknowledged.push({ learnerId: user.id, email: user.email, acknowledgedAt: at });
      else notAcknowledged.push({ learnerId: user.id, email: user.email });
    }
    return { documentType, version, asOf, acknowledged, notAcknowledged };
  }

  const nowIso = () => deps.now().toISOString();

  /** Streams read after the signed checkpoint they are exported with. */
  async function withCheckpoint(names: readonly string[]) {
    const checkpoint = await deps.checkpoints.view(names);
    const read = await Promise.all(
      names.map(async (stream) => ({ stream, events: await log.readStream(stream) })),
    );
    return [read, checkpoint, await witnessingOf(deps, checkpoint.checkpoint)] as const;
  }

  return {
    async checkpointKey() {
      return { body: deps.checkpoints.key };
    },

    async auditLearners({ query }, request) {
      const needle = query.query.toLowerCase();
      const users = await store.find<UserDoc>(await activeCollection(store, 'users', 'users'));
      const matches = users
        .filter(
          (u) =>
            // An erased learner has no name or address left to match: they are found by their id.
            u.id === query.query ||
            (u.erasedAt === undefined &&
              (u.emailLower.includes(needle) ||
                `${u.firstName} ${u.lastName}`.toLowerCase().includes(needle))),
        )
        .sort((a, b) => a.emailLower.localeCompare(b.emailLower))
        .slice(0, 50);
      const body = await Promise.all(
        matches.map(async (u) => ({
          id: u.id,
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          registeredAt: u.createdAt,
          isCompliant: (await deps.users.principalOf(u.id))?.isCompliant ?? false,
          ...(u.erasedAt === undefined ? {} : { erasedAt: u.erasedAt }),
        })),
      );
      await recordRead(request, null, `search:${query.query}`, null);
      return { body };
    },

    async auditLearnerHistory({ params, query }, request) {
      const asOf = query.asOf ?? nowIso();
      const { report } = await history(params.id, asOf);
      await recordRead(request, params.id, 'history', query.asOf ?? null);
      return { body: report };
    },

    async auditProof({ params, query }, request) {
      const stream = streams.compliance(params.id);
      const view = await deps.checkpoints.view([stream]);
      const inclusion = view.proofs.get(stream);
      if (!view.checkpoint || !inclusion)
        throw new HttpError(422, "No signed checkpoint covers this learner's compliance record yet");
      if (query.revision > inclusion.head.revision)
        throw new HttpError(
          422,
          `Revision ${query.revision} is not covered by a signed checkpoint yet (checkpoint #${view.checkpoint.statement.seq} covers revisions 0 to ${inclusion.head.revision})`,
        );
      const chain = await log.readStream(stream, {
        fromRevision: query.revision,
        maxCount: inclusion.head.revision - query.revision + 1,
      });
      const [event] = chain;
      if (!event || event.revision !== query.revision) throw new HttpError(404, 'No such event');
      const witnessing = await witnessingOf(deps, view.checkpoint);
      const body: ProofBundle = {
        format: PROOF_BUNDLE_FORMAT,
        generatedAt: nowIso(),
        event: toStoredEvent(event),
        chain: chain.map(toStoredEvent),
        inclusion,
        checkpoint: view.checkpoint,
        note: witnessing?.note ?? '',
        key: deps.checkpoints.key,
      };
      await recordRead(
        request,
        params.id,
        `proof:${stream}@${query.revision}`,
        null,
        sha256Hex(canonicalJson(body)),
      );
      return {
        body,
        file: {
          contentType: 'application/json',
          filename: `tickwise-proof-${params.id}-${query.revision}.json`,
        },
      };
    },

    async auditLearnerExport({ params, query }, request) {
      const asOf = query.asOf ?? nowIso();
      const { report, streams: stored, checkpoint, witnessing } = await history(params.id, asOf);
      const name = `tickwise-history-${params.id}-${asOf.slice(0, 10)}`;
      const exported =
        query.format === 'csv'
          ? csvFile(historyCsv(report), name)
          : jsonFile(
              buildExport(
                'learner-history',
                report,
                stored,
                checkpoint,
                request.principal.userId,
                deps.now(),
                witnessing,
              ),
              name,
            );
      await recordRead(
        request,
        params.id,
        `export:${query.format ?? 'json'}`,
        query.asOf ?? null,
        exported.hash,
      );
      return exported.reply;
    },

    async auditDocuments(_input, request) {
      const catalog = await catalogStreams();
      const body = catalog.flatMap(({ events }) => {
        const versions = events.filter(ofType('ComplianceDocumentPublished'));
        return versions.map(({ data: d }, index) => ({
          documentType: d.documentType,
          version: d.version,
          title: d.title,
          content: d.content,
          contentHash: d.contentHash,
          publishedAt: d.publishedAt,
          isActive: index === versions.length - 1,
        }));
      });
      await recordRead(request, null, 'documents', null);
      return { body };
    },

    async auditDocumentCoverage({ params, query }, request) {
      const body = await coverage(params.documentType, params.version, query.asOf ?? nowIso());
      await recordRead(
        request,
        null,
        `coverage:${params.documentType}@${params.version}`,
        query.asOf ?? null,
      );
      return { body };
    },

    async auditCoverageExport({ params, query }, request) {
      const asOf = query.asOf ?? nowIso();
      const report = await coverage(params.documentType, params.version, asOf);
      const name = `tickwise-coverage-${params.documentType}-${params.version}-${asOf.slice(0, 10)}`;
      const stream = streams.catalogDocument(params.documentType);
      const [read, checkpoint, witnessing] = await withCheckpoint([stream]);
      const exportedStreams = [read, checkpoint] as const;
      const exported =
        query.format === 'csv'
          ? csvFile(coverageCsv(report), name)
          : jsonFile(
              buildExport(
                'document-coverage',
                report,
                ...exportedStreams,
                request.principal.userId,
                deps.now(),
                witnessing,
              ),
              name,
            );
      await recordRead(
        request,
        null,
        `coverage-export:${params.documentType}@${params.version}`,
        query.asOf ?? null,
        exported.hash,
      );
      return exported.reply;
    },
  };
}

/** A CSV export and the hash that anchors it in the log: the SHA-256 of the file's bytes. */
const csvFile = (body: string, name: string) => ({
  hash: sha256Hex(body),
  reply: { body, file: { contentType: 'text/csv; charset=utf-8', filename: `${name}.csv` } },
});

/** A JSON export and the hash that anchors it in the log: its own exportHash. */
const jsonFile = (body: AuditExport, name: string) => ({
  hash: body.exportHash,
  reply: { body, file: { contentType: 'application/json', filename: `${name}.json` } },
});
