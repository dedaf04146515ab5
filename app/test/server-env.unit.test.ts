import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_ENV } from '../src/server-env';

const ROOT = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const startScript = (path: string) =>
  (JSON.parse(read(path)) as { scripts: { start: string } }).scripts.start;

/** The `NAME=value` words at the start of a shell command or a Dockerfile `ENV`, a quoted value unquoted. */
const leadingAssignments = (words: string): Record<string, string> => {
  const assignments: Record<string, string> = {};
  const word = /^(\w+)=(?:'([^']*)'|"([^"]*)"|(\S*))(?:\s+|$)/;
  let rest = words;
  for (let match = word.exec(rest); match; match = word.exec(rest)) {
    const [whole, name, single, double, bare] = match;
    assignments[name as string] = single ?? double ?? bare ?? '';
    rest = rest.slice(whole.length);
  }
  return assignments;
};

test('reads quoted and bare assignments, and stops at the command', () => {
  expect(leadingAssignments(`A=1 B='two words' C="three more words" tsx D=4`)).toEqual({
    A: '1',
    B: 'two words',
    C: 'three more words',
  });
});

test('every npm start that can hash a password starts node with the settings the benches measure', () => {
  for (const path of ['package.json', 'app/package.json', 'command-service/package.json'])
    expect({ path, assignments: leadingAssignments(startScript(path)) }).toEqual({
      path,
      assignments: expect.objectContaining(SERVER_ENV),
    });
});

test('the service images set it in their environment', () => {
  const runtime =
    read('Dockerfile')
      .split(/^FROM /m)
      .find((stage) => stage.includes('AS runtime')) ?? '';
  const environment = Object.assign(
    {},
    ...[...runtime.matchAll(/^ENV (.*)$/gm)].map(([, words]) => leadingAssignments(words ?? '')),
  );
  expect(environment).toEqual(expect.objectContaining(SERVER_ENV));
});
