// `npm test` starts here (`npm run preflight`): the tests need four programs from Debian besides node —
// chromium (the browser tier), nginx (the gateway test), docker-compose (the compose file's offline
// validation) and faketime (a browser test that moves the server's clock on). Whatever is missing is installed with apt-get when this runs as root or may use sudo without a
// password; otherwise it exits 1 with one line: the command that installs them.
//
// For its own tests, two variables replace what it looks at: PREFLIGHT_REQUIREMENTS (JSON, the requirements
// below) and PREFLIGHT_ELEVATION (root, sudo, sudo-password or none: how it may run apt-get).
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** A Debian package the tests need, found when any candidate is an executable file. */
export interface Requirement {
  readonly package: string;
  /** Absolute paths, or command names looked up on PATH. */
  readonly candidates: readonly string[];
}

export const requirements = (env: NodeJS.ProcessEnv = process.env): readonly Requirement[] => [
  { package: 'chromium', candidates: [env.CHROME_PATH ?? '/usr/bin/chromium'] },
  // /usr/sbin is not on every user's PATH.
  { package: 'nginx', candidates: ['nginx', '/usr/sbin/nginx'] },
  { package: 'docker-compose', candidates: ['docker-compose'] },
  // The browser test of the review queue starts the app with its clock moved on (libfaketime).
  { package: 'faketime', candidates: ['faketime'] },
];

/** How apt-get may run: as this user (root), through sudo without a password, or only by a person. */
export type Elevation = 'root' | 'sudo' | 'sudo-password' | 'none';

/** The packages of `required` none of whose candidates `isExecutable` finds (on `path` for a bare name). */
export function missingPackages(
  required: readonly Requirement[],
  path: string,
  isExecutable: (file: string) => boolean,
): string[] {
  const dirs = path.split(delimiter).filter((dir) => dir !== '');
  const found = (candidate: string) =>
    isAbsolute(candidate) ? isExecutable(candidate) : dirs.some((dir) => isExecutable(join(dir, candidate)));
  return required.filter((r) => !r.candidates.some(found)).map((r) => r.package);
}

/** The two apt-get runs that install `packages`, each an argv (sudo's resets the environment, hence env). */
export function installCommands(packages: readonly string[], elevation: 'root' | 'sudo'): string[][] {
  const prefix = elevation === 'sudo' ? ['sudo'] : [];
  return [
    [...prefix, 'apt-get', 'update'],
    [
      ...prefix,
      'env',
      'DEBIAN_FRONTEND=noninteractive',
      'apt-get',
      'install',
      '-y',
      '--no-install-recommends',
      ...packages,
    ],
  ];
}

/** The one line for a person to run when this cannot install `packages` itself. */
export function manualInstructions(packages: readonly string[], elevation: 'sudo-password' | 'none'): string {
  const install = `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${packages.join(' ')}`;
  const command = elevation === 'sudo-password' ? `sudo sh -c '${install}'` : `su -c '${install}'`;
  return `npm test needs ${packages.join(', ')} (Debian packages); install them with: ${command}`;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function detectElevation(): Elevation {
  if (process.getuid?.() === 0) return 'root';
  const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
  if (sudo.error !== undefined) return 'none';
  return sudo.status === 0 ? 'sudo' : 'sudo-password';
}

function elevationFrom(env: NodeJS.ProcessEnv): Elevation {
  const forced = env.PREFLIGHT_ELEVATION;
  if (forced === undefined) return detectElevation();
  if (forced === 'root' || forced === 'sudo' || forced === 'sudo-password' || forced === 'none')
    return forced;
  throw new Error(`PREFLIGHT_ELEVATION is ${forced}: root, sudo, sudo-password or none`);
}

/** Checks, installs what is missing when it may; the exit code and one line on stderr when it cannot. */
export function preflight(env: NodeJS.ProcessEnv = process.env): number {
  const required = env.PREFLIGHT_REQUIREMENTS
    ? (JSON.parse(env.PREFLIGHT_REQUIREMENTS) as Requirement[])
    : requirements(env);
  const missing = missingPackages(required, env.PATH ?? '', isExecutable);
  if (missing.length === 0) return 0;
  const elevation = elevationFrom(env);
  if (elevation === 'sudo-password' || elevation === 'none') {
    console.error(manualInstructions(missing, elevation));
    return 1;
  }
  console.log(`preflight: installing ${missing.join(', ')} with apt-get`);
  for (const [command, ...args] of installCommands(missing, elevation)) {
    const run = spawnSync(command ?? '', args, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (run.status !== 0) {
      console.error(
        `preflight: ${[command, ...args].join(' ')} failed (${run.error?.message ?? run.status})`,
      );
      return 1;
    }
  }
  const still = missingPackages(required, env.PATH ?? '', isExecutable);
  if (still.length > 0) {
    console.error(`preflight: apt-get installed ${missing.join(', ')}, yet ${still.join(', ')} is not found`);
    return 1;
  }
  return 0;
}

if (require.main === module) process.exit(preflight());
