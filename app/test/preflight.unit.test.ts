import { installCommands, manualInstructions, missingPackages, requirements } from '../build/preflight';

const on = (...files: string[]) => {
  const present = new Set(files);
  return (file: string) => present.has(file);
};

describe("what the preflight finds missing among the tests' Debian packages", () => {
  test('nothing when chromium is at /usr/bin/chromium, nginx in /usr/sbin, docker-compose and faketime on PATH', () => {
    const found = on(
      '/usr/bin/chromium',
      '/usr/sbin/nginx',
      '/usr/local/bin/docker-compose',
      '/usr/bin/faketime',
    );
    expect(missingPackages(requirements({}), '/usr/local/bin:/usr/bin', found)).toEqual([]);
  });

  test('a command only counts where PATH leads, an absolute path only where it is', () => {
    const found = on(
      '/opt/bin/docker-compose',
      '/usr/bin/nginx',
      '/usr/lib/chromium/chromium',
      '/usr/bin/faketime',
    );
    expect(missingPackages(requirements({}), '/usr/bin', found)).toEqual(['chromium', 'docker-compose']);
  });

  test('CHROME_PATH names the chromium the browser tests start', () => {
    const found = on(
      '/opt/chromium/chrome',
      '/usr/sbin/nginx',
      '/usr/bin/docker-compose',
      '/usr/bin/faketime',
    );
    expect(missingPackages(requirements({ CHROME_PATH: '/opt/chromium/chrome' }), '/usr/bin', found)).toEqual(
      [],
    );
  });
});

describe('how it installs them', () => {
  test('as root: apt-get update, then a non-interactive install without the recommended extras', () => {
    expect(installCommands(['chromium', 'nginx'], 'root')).toEqual([
      ['apt-get', 'update'],
      [
        'env',
        'DEBIAN_FRONTEND=noninteractive',
        'apt-get',
        'install',
        '-y',
        '--no-install-recommends',
        'chromium',
        'nginx',
      ],
    ]);
  });

  test('through sudo, which passes the environment on through env', () => {
    expect(installCommands(['docker-compose'], 'sudo').map((argv) => argv.slice(0, 3))).toEqual([
      ['sudo', 'apt-get', 'update'],
      ['sudo', 'env', 'DEBIAN_FRONTEND=noninteractive'],
    ]);
  });

  test('otherwise one line names the command a person runs', () => {
    const line = manualInstructions(['chromium', 'docker-compose'], 'sudo-password');
    expect(line).toBe(
      "npm test needs chromium, docker-compose (Debian packages); install them with: sudo sh -c 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium docker-compose'",
    );
    expect(manualInstructions(['nginx'], 'none')).toMatch(
      /install them with: su -c 'apt-get update && .+ nginx'$/,
    );
    expect(line).not.toContain('\n');
  });
});
