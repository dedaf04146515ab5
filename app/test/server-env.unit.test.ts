import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_ENV } from '../src/server-env';

const ROOT = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const startScript = (path: string) =>
  (JSON.parse(read(path)) as { scripts: { start: string } }).scripts.start;
const assignments = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`);
/** The `NAME=value` words before the command of a script. */
const leadingAssignments = (script: string) => {
  const words = script.split(' ');
  return words.slice(
    0,
    words.findIndex((word) => !/^\w+=/.test(word)),
  );
};

test('every npm start that can hash a password starts node with the settings the benches measure', () => {
  for (const path of ['package.json', 'app/package.json', 'command-service/package.json'])
    expect({ path, assignments: leadingAssignments(startScript(path)) }).toEqual({
      path,
      assignments: expect.arrayContaining(assignments),
    });
});

test('the service images set it in their environment', () => {
  const runtime =
    read('Dockerfile')
      .split(/^FROM /m)
      .find((stage) => stage.includes('AS runtime')) ?? '';
  for (const assignment of assignments)
    expect(runtime).toMatch(new RegExp(`^ENV .*\\b${assignment}\\b`, 'm'));
});
