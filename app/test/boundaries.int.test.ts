/**
 * The boundary check of `npm run lint` on a small workspace laid out like this one: it passes when every
 * import goes down the allowed direction and is declared, and names the rule and the import when one does not.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { boundaryProblems, WORKSPACES } from '../build/boundaries';

const REPO = join(__dirname, '..', '..');
let root: string;

const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

/** Each package with one module that exports its name, and a package.json listing `dependencies`. */
function workspace(dependencies: Partial<Record<(typeof WORKSPACES)[number], string[]>>) {
  for (const folder of WORKSPACES) {
    const listed = Object.fromEntries(
      (dependencies[folder] ?? []).map((name) => [`@tickwise/${name}`, '^0.1.0']),
    );
    write(`${folder}/package.json`, JSON.stringify({ name: `@tickwise/${folder}`, dependencies: listed }));
    write(`${folder}/src/index.ts`, `export const name = '${folder}';\n`);
  }
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tickwise-boundaries-'));
  copyFileSync(join(REPO, '.dependency-cruiser.cjs'), join(root, '.dependency-cruiser.cjs'));
  write(
    'tsconfig.json',
    JSON.stringify({ compilerOptions: { module: 'node16', moduleResolution: 'node16' } }),
  );
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test('imports down the allowed direction, each declared, pass', () => {
  workspace({
    platform: ['contracts'],
    projections: ['platform'],
    app: ['command-service', 'query-service'],
  });
  write('platform/src/uses-contracts.ts', "export { name } from '../../contracts/src/index';\n");
  write('projections/src/uses-platform.ts', "export { name } from '../../platform/src/index';\n");
  write(
    'app/test/stack.unit.test.ts',
    "import '../../command-service/src/index';\nimport '../../query-service/src/index';\n",
  );
  expect(boundaryProblems(root).problems).toEqual([]);
});

test('an upward import fails, naming the rule and the import, tests included', () => {
  workspace({ platform: ['contracts', 'command-service'], 'query-service': ['command-service'] });
  write('platform/src/upward.ts', "export { name } from '../../command-service/src/index';\n");
  write('query-service/src/routes.unit.test.ts', "import '../../command-service/src/index';\n");
  expect(boundaryProblems(root).problems).toEqual([
    'platform-imports-only-below: platform/src/upward.ts → command-service/src/index.ts',
    'queryService-imports-only-below: query-service/src/routes.unit.test.ts → command-service/src/index.ts',
  ]);
});

test('a workspace package imported but not listed in the importer’s package.json fails', () => {
  workspace({});
  write('projections/src/uses-platform.ts', "export { name } from '../../platform/src/index';\n");
  expect(boundaryProblems(root).problems).toEqual([
    'projections/src/uses-platform.ts imports @tickwise/platform, which projections/package.json does not list',
  ]);
});

test('the command core and the storage adapters may not import the HTTP layer', () => {
  workspace({ platform: ['contracts'] });
  write('platform/src/http/errors.ts', 'export const status = 400;\n');
  write('platform/src/commands/handle.ts', "export { status } from '../http/errors';\n");
  write('platform/src/eventlog/log.ts', "export { status } from '../http/errors';\n");
  expect(boundaryProblems(root).problems).toEqual([
    'command-core-knows-no-http: platform/src/commands/handle.ts → platform/src/http/errors.ts',
    'storage-knows-no-http: platform/src/eventlog/log.ts → platform/src/http/errors.ts',
  ]);
});

test('modules that import each other fail', () => {
  workspace({});
  write('contracts/src/a.ts', "import { b } from './b';\nexport const a = () => b;\n");
  write('contracts/src/b.ts', "import { a } from './a';\nexport const b = () => a;\n");
  expect(boundaryProblems(root).problems).toEqual([
    'no-circular: contracts/src/a.ts → contracts/src/b.ts → contracts/src/a.ts',
  ]);
});

test('a server that reaches a CLI, whose main would run inside the bundle, fails', () => {
  workspace({ app: ['command-service'] });
  write('command-service/src/admin/cli.ts', 'export const runAdmin = () => 0;\n');
  write('command-service/src/index.ts', "export { runAdmin } from './admin/cli';\n");
  write('app/src/start.ts', "import '../../command-service/src/index';\n");
  expect(boundaryProblems(root).problems).toEqual([
    'servers-bundle-no-cli: app/src/start.ts → command-service/src/admin/cli.ts',
  ]);
});
