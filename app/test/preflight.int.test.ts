// The preflight's branches on this machine without uninstalling anything: PREFLIGHT_REQUIREMENTS points it at
// files in a scratch folder, PREFLIGHT_ELEVATION says how it may run apt-get, and a fake apt-get (and sudo)
// first on PATH records how it was called and "installs" by creating the file asked for.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..', '..');
let dir: string;
let bin: string;
let tool: string;
let calls: string;

function script(path: string, body: string): void {
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
}

/** A fake apt-get: records DEBIAN_FRONTEND and its arguments; an install creates `creates` (if any). */
function fakeAptGet(creates: string | null): void {
  script(
    join(bin, 'apt-get'),
    [
      `echo "\${DEBIAN_FRONTEND:-interactive} $*" >> ${calls}`,
      creates === null
        ? ''
        : `[ "$1" = install ] && printf '#!/bin/sh\\n' > ${creates} && chmod +x ${creates}`,
      'exit 0',
    ].join('\n'),
  );
}

/** `npm run preflight` with the test's requirements (one: chromium at `tool`) and elevation. */
function preflight(elevation: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'app/build/preflight.ts'], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${bin}:/usr/bin:/bin`,
      PREFLIGHT_REQUIREMENTS: JSON.stringify([{ package: 'chromium', candidates: [tool] }]),
      PREFLIGHT_ELEVATION: elevation,
    },
  });
  const recorded = existsSync(calls) ? readFileSync(calls, 'utf8').trim().split('\n') : [];
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, recorded };
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tickwise-preflight-'));
  bin = join(dir, 'bin');
  mkdirSync(bin);
  tool = join(dir, 'usr-bin', 'chromium');
  mkdirSync(join(dir, 'usr-bin'));
  calls = join(dir, 'calls.txt');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('with everything there it installs nothing and says nothing', () => {
  script(tool, 'exit 0');
  fakeAptGet(null);
  expect(preflight('root')).toEqual({ status: 0, stdout: '', stderr: '', recorded: [] });
});

test('as root it runs apt-get update, then installs the missing package non-interactively', () => {
  fakeAptGet(tool);
  const run = preflight('root');
  expect(run.recorded).toEqual([
    'noninteractive update',
    'noninteractive install -y --no-install-recommends chromium',
  ]);
  expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
  expect(existsSync(tool)).toBe(true);
});

test('with passwordless sudo it runs apt-get through sudo', () => {
  fakeAptGet(tool);
  script(join(bin, 'sudo'), `echo "sudo $1" >> ${calls}; exec "$@"`);
  const run = preflight('sudo');
  expect(run.recorded).toEqual([
    'sudo apt-get',
    'noninteractive update',
    'sudo env',
    'noninteractive install -y --no-install-recommends chromium',
  ]);
  expect(run.status).toBe(0);
});

test('when it may not install, it exits 1 with one line naming the command, and runs nothing', () => {
  fakeAptGet(tool);
  for (const [elevation, command] of [
    ['sudo-password', 'sudo sh -c'],
    ['none', 'su -c'],
  ]) {
    const run = preflight(elevation ?? '');
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `npm test needs chromium (Debian packages); install them with: ${command} 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium'\n`,
    );
    expect(run.recorded).toEqual([]);
  }
});

test('an install that leaves the program missing fails', () => {
  fakeAptGet(null);
  const run = preflight('root');
  expect(run.status).toBe(1);
  expect(run.stderr).toBe('preflight: apt-get installed chromium, yet chromium is not found\n');
});
