/**
 * The contract specifications file: the authored one loads and is consistent; a broken one stops start-up with
 * a message naming the file and the problem; publishing appends once per content.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { streams } from '@tickwise/contracts';
import { InMemoryEventLog } from '@tickwise/platform';
import { CONTRACT_SPECS_FILE, loadContractSpecs, publishContractSpecs } from './contract-specs';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tickwise-specs-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const AUTHORED = readFileSync(CONTRACT_SPECS_FILE, 'utf8');
/** The authored file with one change, written to a temporary file. */
const withChange = (from: string, to: string) => {
  expect(AUTHORED).toContain(from);
  const file = join(dir, 'contract-specs.yaml');
  writeFileSync(file, AUTHORED.replace(from, to));
  return file;
};

test('the authored file: eleven contracts or more, each tick value = tick size × multiplier', () => {
  const { version, specs } = loadContractSpecs();
  expect(version).toMatch(/^\d+\.\d+$/);
  expect(specs.length).toBeGreaterThanOrEqual(11);
  for (const spec of specs) expect(spec.tickSize * spec.multiplier).toBeCloseTo(spec.tickValue, 6);
});

test('a tick value that does not match size × multiplier is refused, naming the contract', () => {
  expect(() =>
    loadContractSpecs(withChange('tickValue: 12.5\n    multiplier: 50', 'tickValue: 12\n    multiplier: 50')),
  ).toThrow(/ES: tickValue 12 is not tickSize 0.25 × multiplier 50/);
});

test('a field of the wrong kind is refused with the field named', () => {
  expect(() => loadContractSpecs(withChange('settlement: cash', 'settlement: barter'))).toThrow(/settlement/);
  expect(() =>
    loadContractSpecs(
      withChange('https://www.cmegroup.com/markets/fx', 'http://www.cmegroup.com/markets/fx'),
    ),
  ).toThrow(/specUrl/);
});

test('a symbol listed twice is refused', () => {
  expect(() => loadContractSpecs(withChange('symbol: MES', 'symbol: ES'))).toThrow(/ES is listed twice/);
});

test('publishing appends once per content; other content under the same version is refused', async () => {
  const log = new InMemoryEventLog();
  const now = () => new Date('2026-12-01T00:00:00Z');
  const specs = loadContractSpecs();
  expect(await publishContractSpecs(log, specs, { actor: 'system:publisher', now })).toEqual({
    published: true,
  });
  expect(await publishContractSpecs(log, specs, { actor: 'system:publisher', now })).toEqual({
    published: false,
  });
  expect((await log.readStream(streams.catalogContractSpecs())).map((e) => e.type)).toEqual([
    'ContractSpecsPublished',
  ]);
  const changed = { ...specs, specs: specs.specs.slice(1) };
  await expect(publishContractSpecs(log, changed, { actor: 'system:publisher', now })).rejects.toThrow(
    /version 1.0 was already published with other content/,
  );
  await publishContractSpecs(log, { ...changed, version: '1.1' }, { actor: 'system:publisher', now });
  expect(await log.readStream(streams.catalogContractSpecs())).toHaveLength(2);
});
