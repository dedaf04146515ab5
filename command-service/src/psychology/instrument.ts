import path from 'node:path';
import {
  type EventOf,
  is,
  ofType,
  PsychologyCategory,
  psychologyCategories,
  streams,
} from '@tickwise/contracts';
import type { EventLog } from '@tickwise/platform';
import { hashContent, REPO_ROOT } from '../catalog/course-content';
import { ContentError, isRecord, SourceFile } from '../catalog/source-file';
import { parseRule } from './scoring';

export const INSTRUMENT_FILE = path.join(REPO_ROOT, 'content', 'psychology', 'instrument.yaml');

export type Instrument = Omit<EventOf<'PsychologyInstrumentPublished'>['data'], 'contentHash'>;

/** Reads and checks the authored instrument: 5 items per category, ≥ 2 reverse-keyed each, rules that parse. */
export function loadInstrument(file = INSTRUMENT_FILE): Instrument {
  const source = new SourceFile(file, path.relative(REPO_ROOT, file).split(path.sep).join('/'));
  const parsed = source.parseYaml(source.read(), 'the instrument');
  if (!isRecord(parsed))
    return source.fail('must be a mapping with version, disclaimer, questions, archetypes');
  const version = source.text(parsed, 'version');
  const disclaimer = source.text(parsed, 'disclaimer');
  const rawQuestions = Array.isArray(parsed.questions)
    ? parsed.questions
    : source.fail("'questions' must be a list");
  const questions = rawQuestions.map((raw, index) => {
    const where = `question ${index + 1}: `;
    if (!isRecord(raw)) return source.fail(`${where}must be a mapping`);
    const category = source.text(raw, 'category', where);
    if (!is(PsychologyCategory)(category)) source.fail(`${where}unknown category "${category}"`);
    if (typeof raw.reverseKeyed !== 'boolean') source.fail(`${where}'reverseKeyed' must be true or false`);
    return {
      id: source.positiveInteger(raw, 'id', where),
      question: source.text(raw, 'question', where),
      category: category as PsychologyCategory,
      reverseKeyed: raw.reverseKeyed === true,
    };
  });
  if (new Set(questions.map((q) => q.id)).size !== questions.length)
    source.fail('question ids must be unique');
  for (const category of psychologyCategories) {
    const items = questions.filter((q) => q.category === category);
    if (items.length !== 5) source.fail(`category ${category} has ${items.length} items; it needs 5`);
    if (items.filter((q) => q.reverseKeyed).length < 2)
      source.fail(`category ${category} needs at least 2 reverse-keyed items`);
  }
  const rawArchetypes = Array.isArray(parsed.archetypes)
    ? parsed.archetypes
    : source.fail("'archetypes' must be a list");
  const archetypes = rawArchetypes.map((raw, index) => {
    const where = `archetype ${index + 1}: `;
    if (!isRecord(raw)) return source.fail(`${where}must be a mapping`);
    const rule = source.text(raw, 'rule', where);
    try {
      parseRule(rule);
    } catch (error) {
      source.fail(`${where}${error instanceof Error ? error.message : String(error)}`);
    }
    return {
      id: source.text(raw, 'id', where),
      name: source.text(raw, 'name', where),
      rule,
      description: source.text(raw, 'description', where),
      workOn: source.text(raw, 'workOn', where),
    };
  });
  if (archetypes[archetypes.length - 1]?.rule !== 'otherwise')
    source.fail('the last archetype rule must be "otherwise"');
  return { version, disclaimer, questions, archetypes };
}

/** Publishes the instrument into `catalog-psychology` when its content changed (else appends nothing). */
export async function publishInstrument(
  log: EventLog,
  instrument: Instrument,
  options: { actor: string; now: () => Date },
) {
  const stream = streams.catalogPsychology();
  const history = await log.readStream(stream);
  const contentHash = hashContent(instrument);
  const last = history.filter(ofType('PsychologyInstrumentPublished')).at(-1)?.data;
  if (last?.contentHash === contentHash) return { published: false };
  if (last?.version === instrument.version) {
    throw new ContentError(
      'content/psychology/instrument.yaml',
      `version ${instrument.version} was already published with other content; give the change a new version`,
    );
  }
  await log.appendToStream(
    stream,
    [
      {
        type: 'PsychologyInstrumentPublished',
        data: { ...instrument, contentHash },
        metadata: {
          correlationId: `publish:psychology@${instrument.version}`,
          causationId: `publish:psychology@${instrument.version}`,
          actor: options.actor,
          occurredAt: options.now().toISOString(),
          schemaVersion: 1,
        },
      },
    ],
    { expectedRevision: history.length > 0 ? history.length - 1 : 'no_stream' },
  );
  return { published: true };
}
