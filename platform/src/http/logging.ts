import { randomUUID } from 'node:crypto';
import { httpHeaders } from '@tickwise/contracts';
import type { Middleware } from 'koa';
import pino, { type Logger } from 'pino';

/** Never logged, wherever they appear. */
const REDACT = [
  'password',
  '*.password',
  'passwordHash',
  '*.passwordHash',
  'token',
  '*.token',
  'authorization',
  '*.authorization',
  'req.headers.authorization',
  'req.headers.cookie',
];

/** How log lines are written: `pretty`, readable lines for a person at a terminal; `json`, one object a line. */
export type LogFormat = 'pretty' | 'json';

/**
 * `LOG_FORMAT` when it is set (`pretty` or `json`); otherwise readable lines when stdout is a terminal, and
 * JSON when it is not (a file, a pipe, a container's log driver, a test), as the log always was.
 */
export function chooseLogFormat(
  env: { LOG_FORMAT?: string | undefined },
  stdoutIsTerminal: boolean,
): LogFormat {
  const chosen = env.LOG_FORMAT?.trim().toLowerCase();
  if (!chosen) return stdoutIsTerminal ? 'pretty' : 'json';
  if (chosen === 'pretty' || chosen === 'json') return chosen;
  throw new Error(`LOG_FORMAT must be pretty or json, not "${env.LOG_FORMAT}"`);
}

/**
 * Decides this process's log format once and writes it to `LOG_FORMAT`, so that its worker threads, whose
 * stdout is never a terminal, write their lines as the main thread does (a thread copies the environment when
 * it starts).
 */
export function settleLogFormat(
  env: NodeJS.ProcessEnv = process.env,
  stdoutIsTerminal = process.stdout.isTTY === true,
): LogFormat {
  const format = chooseLogFormat(env, stdoutIsTerminal);
  env.LOG_FORMAT = format;
  return format;
}

/** pino-pretty's formatter of one JSON line: the line made readable, newline included. */
type Prettify = (line: string) => string;
type PrettyFactory = (options: Record<string, unknown>) => Prettify;

/** pino-pretty, loaded only when lines are to be pretty; undefined where it is not installed (JSON then). */
function loadPrettyFactory(): PrettyFactory | undefined {
  try {
    return (require('pino-pretty') as { prettyFactory: PrettyFactory }).prettyFactory;
  } catch {
    return undefined;
  }
}

const PRETTY = { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' };

/** stdout, written synchronously (also from a worker thread), shared by every pretty logger of the thread. */
let stdout: pino.DestinationStream | undefined;
function sharedStdout(): pino.DestinationStream {
  if (!stdout) stdout = pino.destination({ dest: 1, sync: true });
  return stdout;
}

/**
 * Readable lines: time, level, name and message, then the fields below. Each line is formatted and written
 * as it is logged, in this thread: lines keep their order with what the process prints itself (`Tickwise is
 * running at …`), and none is left behind when it exits. Colours follow pino-pretty (off for NO_COLOR).
 */
function prettyDestination(to: pino.DestinationStream | undefined): pino.DestinationStream | undefined {
  const factory = loadPrettyFactory();
  if (!factory) return to;
  const prettify = factory(to ? { ...PRETTY, colorize: false } : PRETTY);
  const out = to ?? sharedStdout();
  return { write: (line: string) => out.write(prettify(line)) };
}

/**
 * A logger with the secrets redacted. Its lines go to `destination` (JSON unless `format` says `pretty`), or to
 * stdout in the format `chooseLogFormat` picks for this process.
 */
export function createLogger(
  options: { level?: string; name?: string; destination?: pino.DestinationStream; format?: LogFormat } = {},
): Logger {
  const format =
    options.format ??
    (options.destination ? 'json' : chooseLogFormat(process.env, process.stdout.isTTY === true));
  return pino(
    {
      name: options.name ?? 'tickwise',
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
      redact: { paths: REDACT, censor: '[redacted]' },
    },
    format === 'pretty' ? prettyDestination(options.destination) : options.destination,
  );
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Gives each request an id (the client's X-Request-Id when it is a plain token) and a child logger, and logs
 * one line when it ends: request id, user id, method, route, status and duration. No bodies, no headers.
 */
export function requestLogging(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get(httpHeaders.requestId);
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ requestId });
    ctx.set(httpHeaders.requestId, requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const route = typeof ctx._matchedRoute === 'string' ? ctx._matchedRoute : undefined;
      ctx.state.log.info(
        {
          method: ctx.method,
          route: route ?? ctx.path,
          status: ctx.status,
          durationMs: Math.round(durationMs * 10) / 10,
          userId: ctx.state.auth?.principal?.userId,
        },
        'request',
      );
    }
  };
}
