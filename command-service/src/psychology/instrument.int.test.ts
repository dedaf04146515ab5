/**
 * The authored psychology instrument: loading and checking
 * content/psychology/instrument.yaml, the messages for broken files, and publishing it into
 * `catalog-psychology` once per content.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EventOf, psychologyCategories, streams } from '@tickwise/contracts';
import { type RecordedEvent, SqliteEventLog, START } from '@tickwise/platform';
import { parse, stringify } from 'yaml';
import { ContentError } from '../catalog/source-file';
import { INSTRUMENT_FILE, type Instrument, loadInstrument, publishInstrument } from './instrument';
import { parseRule } from './scoring';

const REAL = loadInstrument();

describe('loadInstrument on the authored file', () => {
  test('30 items with ids 1-30, each a distinct non-empty statement', () => {
    expect(REAL.questions).toHaveLength(30);
    expect(REAL.questions.map((q) => q.id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    const texts = REAL.questions.map((q) => q.question);
    expect(new Set(texts).size).toBe(30);
    for (const text of texts) expect(text.length).toBeGreaterThan(20);
  });

  test.each(psychologyCategories)('%s: 5 items, at least 2 of them reverse-keyed', (category) => {
    const items = REAL.questions.filter((q) => q.category === category);
    expect(items).toHaveLength(5);
    expect(items.filter((q) => q.reverseKeyed).length).toBeGreaterThanOrEqual(2);
    expect(items.filter((q) => !q.reverseKeyed).length).toBeGreaterThanOrEqual(2);
  });

  test('the layout the hand-scored sheets assume: categories in blocks of 5, reversed items as listed', () => {
    expect(REAL.questions.map((q) => q.category)).toEqual(
      psychologyCategories.flatMap((c) => Array(5).fill(c)),
    );
    expect(REAL.questions.filter((q) => q.reverseKeyed).map((q) => q.id)).toEqual([
      2, 5, 7, 9, 12, 14, 17, 19, 22, 24, 27, 29,
    ]);
  });

  test('7 archetypes with distinct ids and names, a description and what to work on, rules that parse, ending with "otherwise"', () => {
    expect(REAL.archetypes).toHaveLength(7);
    expect(new Set(REAL.archetypes.map((a) => a.id)).size).toBe(7);
    expect(new Set(REAL.archetypes.map((a) => a.name)).size).toBe(7);
    for (const archetype of REAL.archetypes) {
      expect(archetype.description.length).toBeGreaterThan(40);
      expect(archetype.workOn.length).toBeGreaterThan(40);
      expect(() => parseRule(archetype.rule)).not.toThrow();
    }
    expect(REAL.archetypes.at(-1)?.rule).toBe('otherwise');
    expect(REAL.archetypes.slice(0, -1).every((a) => a.rule !== 'otherwise')).toBe(true);
  });

  test('the disclaimer says it is a self-reflection tool, not a diagnosis, not a prediction of trading success', () => {
    expect(REAL.version).toBe('3.0');
    expect(REAL.disclaimer).toMatch(/self-reflection/i);
    expect(REAL.disclaimer).toMatch(/not a [^.]*diagnosis/i);
    expect(REAL.disclaimer).toMatch(/(neither|not)[^.]*predict trading success/i);
  });

  test('no archetype or description reads as a diagnosis or a promise', () => {
    const text = REAL.archetypes.map((a) => `${a.name} ${a.description} ${a.workOn}`).join(' ');
    expect(text).not.toMatch(/diagnos|disorder|guarantee|will (make|earn) (money|profit)/i);
  });
});

describe('loadInstrument on broken files: a ContentError naming the problem', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tickwise-instrument-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  type Raw = {
    questions: Array<Record<string, unknown>>;
    archetypes: Array<Record<string, unknown>>;
    [key: string]: unknown;
  };
  const raw = (): Raw => parse(readFileSync(INSTRUMENT_FILE, 'utf8')) as Raw;
  let written = 0;
  const load = (content: string) => {
    const file = join(dir, `instrument-${written++}.yaml`);
    writeFileSync(file, content);
    return () => loadInstrument(file);
  };
  const loadChanged = (change: (instrument: Raw) => void) => {
    const instrument = raw();
    change(instrument);
    return load(stringify(instrument));
  };
  const problemOf = (run: () => unknown): string => {
    try {
      run();
    } catch (error) {
      if (error instanceof ContentError) return error.problem;
      throw error;
    }
    throw new Error('the instrument loaded');
  };

  test('an unchanged copy loads and equals the authored file', () => {
    expect(loadChanged(() => undefined)()).toEqual(REAL);
  });

  test('a category with 4 items', () => {
    const run = loadChanged((i) => {
      i.questions = i.questions.filter((q) => q.id !== 25);
    });
    expect(problemOf(run)).toBe('category riskManagement has 4 items; it needs 5');
  });

  test('a category with 6 items', () => {
    const run = loadChanged((i) => {
      i.questions.push({
        id: 31,
        category: 'emotionalIntelligence',
        question: 'Extra.',
        reverseKeyed: false,
      });
    });
    expect(problemOf(run)).toBe('category emotionalIntelligence has 6 items; it needs 5');
  });

  test('a category with only 1 reverse-keyed item', () => {
    const run = loadChanged((i) => {
      const item = i.questions.find((q) => q.id === 27);
      if (item) item.reverseKeyed = false;
    });
    expect(problemOf(run)).toBe('category performanceOptimization needs at least 2 reverse-keyed items');
  });

  test('a rule that does not parse names the archetype and the condition', () => {
    const run = loadChanged((i) => {
      const second = i.archetypes[1];
      if (second) second.rule = 'cognitiveControl < 50 or behavioralDiscipline < 50';
    });
    expect(problemOf(run)).toBe(
      'archetype 2: cannot read the condition "cognitiveControl < 50 or behavioralDiscipline < 50"',
    );
  });

  test('a rule over an unknown score', () => {
    const run = loadChanged((i) => {
      const third = i.archetypes[2];
      if (third) third.rule = 'stress < 50';
    });
    expect(problemOf(run)).toBe('archetype 3: unknown score "stress" in "stress < 50"');
  });

  test('the last rule is not "otherwise"', () => {
    const run = loadChanged((i) => {
      i.archetypes = i.archetypes.slice(0, -1);
    });
    expect(problemOf(run)).toBe('the last archetype rule must be "otherwise"');
  });

  test('duplicate ids, an unknown category, reverseKeyed missing', () => {
    const duplicate = loadChanged((i) => {
      const item = i.questions[1];
      if (item) item.id = 1;
    });
    expect(problemOf(duplicate)).toBe('question ids must be unique');
    const category = loadChanged((i) => {
      const item = i.questions[3];
      if (item) item.category = 'patience';
    });
    expect(problemOf(category)).toBe('question 4: unknown category "patience"');
    const keyed = loadChanged((i) => {
      const item = i.questions[0];
      if (item) delete item.reverseKeyed;
    });
    expect(problemOf(keyed)).toBe("question 1: 'reverseKeyed' must be true or false");
  });

  test('not YAML, or not a mapping', () => {
    expect(problemOf(load('questions: [\n'))).toMatch(/^the instrument is not valid YAML: /);
    expect(problemOf(load('- 1\n- 2\n'))).toBe(
      'must be a mapping with version, disclaimer, questions, archetypes',
    );
  });

  test('the message carries the file name', () => {
    const run = loadChanged((i) => {
      i.archetypes = i.archetypes.slice(0, -1);
    });
    expect(run).toThrow(/instrument-\d+\.yaml: the last archetype rule must be "otherwise"$/);
  });
});

describe('publishInstrument', () => {
  let dir: string;
  let log: SqliteEventLog;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tickwise-publish-psychology-'));
    log = new SqliteEventLog({ file: join(dir, 'events.db') });
  });
  afterEach(async () => {
    await log.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const options = { actor: 'system:publisher', now: () => new Date('2026-03-01T08:00:00.000Z') };
  const allEvents = async () => {
    const events: RecordedEvent[] = [];
    for await (const batch of log.readAll({ fromPosition: START })) events.push(...batch);
    return events;
  };

  test('twice with the same content → appends once', async () => {
    expect(await publishInstrument(log, REAL, options)).toEqual({ published: true });
    expect(await publishInstrument(log, REAL, options)).toEqual({ published: false });
    expect(await publishInstrument(log, loadInstrument(), options)).toEqual({ published: false });
    const events = await allEvents();
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event?.stream).toBe(streams.catalogPsychology());
    expect(event?.type).toBe('PsychologyInstrumentPublished');
    const data = event?.data as EventOf<'PsychologyInstrumentPublished'>['data'];
    expect(data).toEqual({ ...REAL, contentHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(event?.metadata).toMatchObject({
      actor: 'system:publisher',
      occurredAt: '2026-03-01T08:00:00.000Z',
    });
  });

  test('changed content under the same version is refused; under a new version it is appended', async () => {
    await publishInstrument(log, REAL, options);
    const changed: Instrument = { ...REAL, disclaimer: `${REAL.disclaimer} Changed.` };
    await expect(publishInstrument(log, changed, options)).rejects.toThrow(
      /version 3\.0 was already published/,
    );
    expect(await allEvents()).toHaveLength(1);
    expect(await publishInstrument(log, { ...changed, version: '3.1' }, options)).toEqual({
      published: true,
    });
    const events = await allEvents();
    expect(events.map((e) => (e.data as { version: string }).version)).toEqual(['3.0', '3.1']);
  });
});
