// `npm run lint` runs this: the package boundaries of .dependency-cruiser.cjs (which package may import which,
// the command core and storage knowing nothing of HTTP, no cycles, npm packages each package declares), and one
// check dependency-cruiser cannot make: every workspace package another one imports is listed in the
// importer's package.json. Hoisting makes an undeclared import work; this makes it fail.
//
// It prints one line per violation and exits 1 when there is any.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The workspace packages, by folder (the first segment of a path from the repository root). */
export const WORKSPACES = [
  'contracts',
  'platform',
  'projections',
  'command-service',
  'query-service',
  'app',
  'frontend',
] as const;

/** What dependency-cruiser's JSON says of one import (the fields this check reads). */
export interface CruisedDependency {
  readonly resolved: string;
  readonly module: string;
}
export interface CruisedModule {
  readonly source: string;
  readonly dependencies: readonly CruisedDependency[];
}
export interface Violation {
  readonly rule: { readonly name: string };
  readonly from: string;
  readonly to: string;
  readonly cycle?: readonly (string | { readonly name: string })[];
}
export interface CruiseResult {
  readonly modules: readonly CruisedModule[];
  readonly summary: { readonly violations: readonly Violation[] };
}

export interface Manifest {
  readonly name: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
}

const folderOf = (path: string): string => path.split('/')[0] ?? '';

/**
 * Imports of one workspace package from another that the importer's package.json does not list, as
 * "<importer file> imports <package>, which <folder>/package.json does not list".
 */
export function undeclaredWorkspaceImports(
  modules: readonly CruisedModule[],
  manifests: Readonly<Record<string, Manifest>>,
): string[] {
  const found = new Set<string>();
  for (const module of modules) {
    const from = folderOf(module.source);
    const importer = manifests[from];
    if (!importer) continue;
    for (const dependency of module.dependencies) {
      const to = folderOf(dependency.resolved);
      const target = manifests[to];
      if (!target || to === from) continue;
      const listed = { ...importer.dependencies, ...importer.devDependencies };
      if (!(target.name in listed))
        found.add(`${module.source} imports ${target.name}, which ${from}/package.json does not list`);
    }
  }
  return [...found].sort();
}

/** One line per rule violation: the rule, the import, and for a cycle the modules around it. */
export function describeViolation(violation: Violation): string {
  const cycle = violation.cycle?.map((step) => (typeof step === 'string' ? step : step.name));
  const path =
    cycle && cycle.length > 0
      ? [violation.from, ...cycle].join(' → ')
      : `${violation.from} → ${violation.to}`;
  return `${violation.rule.name}: ${path}`;
}

/** Cruises the repository at `root` with its .dependency-cruiser.cjs: every problem, one line each. */
export function boundaryProblems(root: string): { problems: string[]; modules: number } {
  const bin = join(__dirname, '..', '..', 'node_modules', '.bin', 'depcruise');
  const folders = [...WORKSPACES, 'content', 'test'].filter((folder) => existsSync(join(root, folder)));
  const args = [...folders, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'];
  let output: string;
  try {
    output = execFileSync(bin, args, { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  } catch (error) {
    // depcruise exits with the number of errors it found; its JSON is still on stdout.
    const stdout = (error as { stdout?: unknown }).stdout;
    if (typeof stdout !== 'string' || stdout === '') throw error;
    output = stdout;
  }
  const result = JSON.parse(output) as CruiseResult;
  const manifests = Object.fromEntries(
    WORKSPACES.filter((folder) => existsSync(join(root, folder, 'package.json'))).map((folder) => [
      folder,
      JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as Manifest,
    ]),
  );
  return {
    problems: [
      ...result.summary.violations.map(describeViolation),
      ...undeclaredWorkspaceImports(result.modules, manifests),
    ],
    modules: result.modules.length,
  };
}

function main(root: string): number {
  const { problems, modules } = boundaryProblems(root);
  for (const problem of problems) console.error(problem);
  console.log(
    problems.length === 0
      ? `Package boundaries hold (${modules} modules).`
      : `${problems.length} boundary violation${problems.length === 1 ? '' : 's'}: see docs/architecture/overview.md for the allowed direction.`,
  );
  return problems.length === 0 ? 0 : 1;
}

if (require.main === module) process.exitCode = main(join(__dirname, '..', '..'));
