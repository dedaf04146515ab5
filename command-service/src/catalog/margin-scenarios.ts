/**
 * The margin simulator's scenarios (content/margin-scenarios.yaml): read and checked against the contract
 * specifications they trade.
 */
import path from 'node:path';
import {
  decode,
  isLeft,
  type MarginScenario,
  MarginScenariosFile,
  ofType,
  streams,
} from '@tickwise/contracts';
import type { EventLog } from '@tickwise/platform';
import { type ContractSpecs, loadContractSpecs } from './contract-specs';
import { hashContent, REPO_ROOT } from './course-content';
import { ContentError, SourceFile } from './source-file';

export const MARGIN_SCENARIOS_FILE = path.join(REPO_ROOT, 'content', 'margin-scenarios.yaml');

export interface MarginScenarios {
  readonly version: string;
  readonly scenarios: readonly MarginScenario[];
}

/**
 * Reads the scenarios: each decodes, has a unique id, trades a published contract and settles on dates in
 * order. A broken file stops start-up with a message naming it.
 */
export function loadMarginScenarios(
  file = MARGIN_SCENARIOS_FILE,
  specs: ContractSpecs = loadContractSpecs(),
): MarginScenarios {
  const source = new SourceFile(file, path.relative(REPO_ROOT, file).split(path.sep).join('/'));
  const decoded = decode(
    MarginScenariosFile,
    source.parseYaml(source.read(), 'the margin scenarios'),
    'file',
  );
  if (isLeft(decoded)) return source.fail(decoded.left);
  const { version, scenarios } = decoded.right;
  if (!/^\d+\.\d+$/.test(version)) source.fail(`version must look like 1.0, not "${version}"`);
  const symbols = new Set(specs.specs.map((spec) => spec.symbol));
  const ids = new Set<string>();
  for (const scenario of scenarios) {
    if (ids.has(scenario.id)) source.fail(`scenario ${scenario.id} is listed twice`);
    ids.add(scenario.id);
    if (!symbols.has(scenario.contract))
      source.fail(`scenario ${scenario.id}: ${scenario.contract} is not in content/contract-specs.yaml`);
    scenario.days.forEach((day, index) => {
      const before = scenario.days[index - 1];
      if (before && before.date >= day.date)
        source.fail(`scenario ${scenario.id}: day ${index + 1} (${day.date}) is not after ${before.date}`);
    });
  }
  if (scenarios.length === 0) source.fail('scenarios must list at least one');
  return { version, scenarios };
}

/**
 * Publishes the scenarios into `catalog-contract-specs` (beside the specifications they trade) when their
 * content changed; changed content needs a new version.
 */
export async function publishMarginScenarios(
  log: EventLog,
  scenarios: MarginScenarios,
  options: { actor: string; now: () => Date },
): Promise<{ published: boolean }> {
  const stream = streams.catalogContractSpecs();
  const history = await log.readStream(stream);
  const content = { version: scenarios.version, scenarios: [...scenarios.scenarios] };
  const contentHash = hashContent(content);
  const last = history.filter(ofType('MarginScenariosPublished')).at(-1)?.data;
  if (last?.contentHash === contentHash) return { published: false };
  if (last?.version === scenarios.version) {
    throw new ContentError(
      'content/margin-scenarios.yaml',
      `version ${scenarios.version} was already published with other content; give the change a new version`,
    );
  }
  const id = `publish:margin-scenarios@${scenarios.version}`;
  await log.appendToStream(
    stream,
    [
      {
        type: 'MarginScenariosPublished',
        data: { ...content, contentHash },
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
