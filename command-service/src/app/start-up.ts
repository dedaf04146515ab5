import {
  CorruptEventError,
  DAMAGED_EVENTS,
  type EventLog,
  isStorageUnavailable,
  type ReadModelStore,
  type StorageHealth,
} from '@tickwise/platform';
import type { Logger } from 'pino';
import { loadComplianceDocuments } from '../catalog/compliance-documents';
import { loadContractSpecs, publishContractSpecs } from '../catalog/contract-specs';
import { loadCourse } from '../catalog/course-content';
import { loadMarginScenarios, publishMarginScenarios } from '../catalog/margin-scenarios';
import { publishCourse } from '../catalog/publish-course';
import { publishDocuments } from '../catalog/publish-documents';
import { loadInstrument, publishInstrument } from '../psychology/instrument';

/**
 * Publishes the authored content into the event log when new or changed (a broken or conflicting file
 * stops start-up with a message naming it). Unchanged content appends nothing.
 */
export async function publishContent(log: EventLog, logger: Logger, now: () => Date = () => new Date()) {
  const documents = await publishDocuments(log, loadComplianceDocuments(), {
    actor: 'system:publisher',
    now,
  });
  if (documents.published.length > 0)
    logger.info({ published: documents.published }, 'compliance documents published');
  const course = await publishCourse(log, loadCourse(), { actor: 'system:publisher', now });
  if (course.published > 0) logger.info({ events: course.published }, 'course content published');
  const psychology = await publishInstrument(log, loadInstrument(), { actor: 'system:publisher', now });
  if (psychology.published) logger.info('psychology instrument published');
  const specs = loadContractSpecs();
  const contractSpecs = await publishContractSpecs(log, specs, { actor: 'system:publisher', now });
  if (contractSpecs.published) logger.info('contract specifications published');
  const scenarios = await publishMarginScenarios(log, loadMarginScenarios(undefined, specs), {
    actor: 'system:publisher',
    now,
  });
  if (scenarios.published) logger.info('margin scenarios published');
  return { ...documents, course, psychology, contractSpecs, scenarios };
}

/**
 * What a starting server does before it listens: the damaged-events list made ready, and the content
 * published. Neither a full disk nor a damaged catalog event stops the start: the server comes up serving the
 * content already published (read-only on a full disk, readiness down), says so in the log, and publishes at
 * its next start. A broken content file still stops it.
 */
export async function prepareToServe(
  storage: { log: EventLog; store: ReadModelStore; health: StorageHealth },
  logger: Logger,
): Promise<void> {
  try {
    await storage.store.ensureCollection({ name: DAMAGED_EVENTS });
    await publishContent(storage.log, logger);
  } catch (err) {
    if (err instanceof CorruptEventError) {
      logger.error(
        { stream: err.stream, revision: err.revision, position: err.position, reason: err.reason },
        `damaged event: stream ${err.stream}, revision ${err.revision}: ${err.reason}; content not published, serving what was published before`,
      );
      return;
    }
    if (!isStorageUnavailable(err)) throw err;
    storage.health.recordFailure(err);
    logger.error(
      { err },
      'storage takes no writes (is the disk full?): starting read-only; new content is published at the next start',
    );
  }
}
