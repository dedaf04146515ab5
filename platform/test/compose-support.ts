// docker-compose.yml rendered offline with Debian's docker-compose (1.29) and a test .env, the way an operator's
// .env is read, and .env.example's secrets made with the very commands it prints.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

export const root = resolve(__dirname, '..', '..');
const COMPOSE_MISSING =
  "docker-compose is not installed: the compose validation runs Debian's docker-compose offline. Install it with `apt-get install -y --no-install-recommends docker-compose` (.ci/run does).";

/** The three Node services, each of which opens the storage (log, read models, data keys). */
export const NODE_SERVICES = ['command-service', 'query-service', 'projections'] as const;

export interface ComposeService {
  image?: string;
  build?: { context: string; target?: string };
  environment?: Record<string, string | null>;
}
export interface ComposeConfig {
  services: Record<string, ComposeService>;
}

/** Every variable docker-compose.yml interpolates (`${NAME…}`). */
export function composeVariables(): string[] {
  const text = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
  return [...new Set([...text.matchAll(/\$\{([A-Z_][A-Z0-9_]*)/g)].map((m) => m[1] ?? ''))].sort();
}

/** The variables docker-compose.yml refuses to start without (`${NAME:?…}`). */
export function requiredComposeVariables(): string[] {
  const text = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
  return [...new Set([...text.matchAll(/\$\{([A-Z_][A-Z0-9_]*):\?/g)].map((m) => m[1] ?? ''))].sort();
}

/**
 * `docker-compose --env-file <file> -f docker-compose.yml config` with `values` as the .env file: the shell's
 * own values of the compose variables are removed first (they would override the file's).
 */
export function renderCompose(dir: string, values: Record<string, string>) {
  const envFile = join(dir, `${Object.keys(values).join('-') || 'empty'}.env`);
  writeFileSync(
    envFile,
    Object.entries(values)
      .map(([name, value]) => `${name}=${value}\n`)
      .join(''),
  );
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of composeVariables()) delete env[name];
  const result = spawnSync(
    'docker-compose',
    ['--env-file', envFile, '-f', join(root, 'docker-compose.yml'), 'config'],
    {
      cwd: root,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
    throw new Error(COMPOSE_MISSING);
  if (result.error) throw result.error;
  return {
    status: result.status,
    stderr: result.stderr,
    config: result.status === 0 ? (parse(result.stdout) as ComposeConfig) : undefined,
  };
}

/** The environment compose gives a service. */
export function environmentOf(config: ComposeConfig, service: string): Record<string, string> {
  const found = config.services[service];
  if (!found) throw new Error(`docker-compose.yml has no service ${service}`);
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(found.environment ?? {})) if (value !== null) env[name] = value;
  return env;
}

/**
 * The secrets .env.example asks for: each empty `NAME=` line whose comment ends with the command that makes
 * one (the comment line just above it, indented: `#   <command>`).
 */
export function envExampleSecrets(): Array<{ name: string; command: string }> {
  const lines = readFileSync(join(root, '.env.example'), 'utf8').split('\n');
  const secrets: Array<{ name: string; command: string }> = [];
  lines.forEach((line, i) => {
    const empty = /^([A-Z_][A-Z0-9_]*)=$/.exec(line);
    const command = /^# {3}(\S.*)$/.exec(lines[i - 1] ?? '');
    if (empty?.[1] && command?.[1]) secrets.push({ name: empty[1], command: command[1] });
  });
  return secrets;
}

/** A fresh value of every secret of .env.example, each made by running its command (sh). */
export function generateEnvExampleSecrets(): Record<string, string> {
  const values: Record<string, string> = {};
  for (const { name, command } of envExampleSecrets()) {
    const result = spawnSync('sh', ['-c', command], { encoding: 'utf8', timeout: 30_000 });
    if (result.status !== 0)
      throw new Error(`.env.example's command for ${name} failed: ${command}\n${result.stderr}`);
    values[name] = result.stdout.trim();
  }
  return values;
}
