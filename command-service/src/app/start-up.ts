import type { EventLog } from '@tickwise/platform';
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
