/**
 * The contract specifications (content/contract-specs.yaml): read, checked and published into
 * `catalog-contract-specs` at start-up, for the calculator, the margin simulator and the lessons.
 */
import path from 'node:path';
import { ContractSpecsFile, decode, type EventOf, isLeft, ofType, streams } from '@tickwise/contracts';
import type { EventLog } from '@tickwise/platform';
import { hashContent, REPO_ROOT } from './course-content';
import { ContentError, SourceFile } from './source-file';

export const CONTRACT_SPECS_FILE = path.join(REPO_ROOT, 'content', 'contract-specs.yaml');

export type ContractSpecs = Omit<EventOf<'ContractSpecsPublished'>['data'], 'contentHash'>;

/** A tick's value and its size × multiplier agree to a hundredth of a cent. */
const consistent = (spec: ContractSpecs['specs'][number]): boolean =>
  Math.abs(spec.tickSize * spec.multiplier - spec.tickValue) < 1e-4;

/**
 * Reads and checks the authored specifications: each field as the contract's codec says, symbols unique,
 * and every tick value equal to tick size × multiplier (a typo in one of the three fails start-up).
 */
export function loadContractSpecs(file = CONTRACT_SPECS_FILE): ContractSpecs {
  const source = new SourceFile(file, path.relative(REPO_ROOT, file).split(path.sep).join('/'));
  const decoded = decode(
    ContractSpecsFile,
    source.parseYaml(source.read(), 'the contract specifications'),
    'file',
  );
  if (isLeft(decoded)) return source.fail(decoded.left);
  const { version, specs } = decoded.right;
  if (!/^\d+\.\d+$/.test(version)) source.fail(`version must look like 1.0, not "${version}"`);
  const symbols = new Set<string>();
  for (const spec of specs) {
    if (symbols.has(spec.symbol)) source.fail(`${spec.symbol} is listed twice`);
    symbols.add(spec.symbol);
    if (!consistent(spec))
      source.fail(
        `${spec.symbol}: tickValue ${spec.tickValue} is not tickSize ${spec.tickSize} × multiplier ${spec.multiplier}`,
      );
  }
  if (specs.length === 0) source.fail('specs must list at least one contract');
  return { version, specs };
}

/** Publishes the specifications into `catalog-contract-specs` when their content changed (else nothing). */
export async function publishContractSpecs(
  log: EventLog,
  specs: ContractSpecs,
  options: { actor: string; now: () => Date },
): Promise<{ published: boolean }> {
  const stream = streams.catalogContractSpecs();
  const history = await log.readStream(stream);
  const contentHash = hashContent(specs);
  const last = history.filter(ofType('ContractSpecsPublished')).at(-1)?.data;
  if (last?.contentHash === contentHash) return { published: false };
  if (last?.version === specs.version) {
    throw new ContentError(
      'content/contract-specs.yaml',
      `version ${specs.version} was already published with other content; give the change a new version`,
    );
  }
  const id = `publish:contract-specs@${specs.version}`;
  await log.appendToStream(
    stream,
    [
      {
        type: 'ContractSpecsPublished',
        data: { ...specs, contentHash },
        metadata: {
          correlationId: id,
          causationId: id,
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
