// The log's format: readable lines for a person at a terminal, JSON for everything else (chooseLogFormat), and
// what a pretty logger writes.
import { chooseLogFormat, createLogger, settleLogFormat } from '../src/http/logging';

/** A destination that keeps what is written to it. */
function collector() {
  const lines: string[] = [];
  return { lines, destination: { write: (line: string) => void lines.push(line) } };
}

describe('chooseLogFormat', () => {
  test('readable lines on a terminal, JSON otherwise (a pipe, a file, a container log)', () => {
    expect(chooseLogFormat({}, true)).toBe('pretty');
    expect(chooseLogFormat({}, false)).toBe('json');
  });

  test('LOG_FORMAT overrides the guess either way, whatever its case and spaces', () => {
    expect(chooseLogFormat({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(chooseLogFormat({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(chooseLogFormat({ LOG_FORMAT: ' JSON ' }, true)).toBe('json');
    expect(chooseLogFormat({ LOG_FORMAT: '' }, true)).toBe('pretty');
  });

  test('any other LOG_FORMAT is refused, naming the setting', () => {
    expect(() => chooseLogFormat({ LOG_FORMAT: 'text' }, true)).toThrow(
      'LOG_FORMAT must be pretty or json, not "text"',
    );
  });

  test("settleLogFormat writes the choice down, for the process's worker threads to follow", () => {
    const env: NodeJS.ProcessEnv = {};
    expect(settleLogFormat(env, true)).toBe('pretty');
    expect(env.LOG_FORMAT).toBe('pretty');
    // A thread's stdout is no terminal, but it follows the main thread's choice.
    expect(chooseLogFormat(env, false)).toBe('pretty');
  });
});

describe('createLogger', () => {
  test('writes JSON to a given destination, as before', () => {
    const { lines, destination } = collector();
    createLogger({ name: 'unit', destination }).info({ userId: 'u1' }, 'hello');
    expect(JSON.parse(lines.join(''))).toMatchObject({ name: 'unit', msg: 'hello', userId: 'u1', level: 30 });
  });

  test('pretty: one readable line with level, name and message, the fields below, secrets still redacted', () => {
    const { lines, destination } = collector();
    createLogger({ name: 'unit', destination, format: 'pretty' }).warn(
      { userId: 'u1', password: 'hunter2-secret' },
      'hello',
    );
    const text = lines.join('');
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN \(unit\): hello\n/);
    expect(text).toContain('userId: "u1"');
    expect(text).toContain('password: "[redacted]"');
    expect(text).not.toContain('hunter2-secret');
    expect(text).not.toContain('{"level"');
  });
});
