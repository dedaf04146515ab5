// One authored content file: reading it, its front matter, and checks that report against its name.
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

export type Fields = Record<string, unknown>;

export class ContentError extends Error {
  /** The offending file or folder, relative to the root (POSIX separators). */
  readonly file: string;
  readonly problem: string;

  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'ContentError';
    this.file = file;
    this.problem = problem;
  }
}

export function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describe(value: unknown): string {
  if (value === null || value === undefined) return 'missing';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? 'a list' : 'an object';
}

/** Reads one authored file; all checks on it report against its display name. */
export class SourceFile {
  constructor(
    readonly absolute: string,
    readonly name: string,
  ) {}

  fail(problem: string): never {
    throw new ContentError(this.name, problem);
  }

  read(): string {
    return readFileSync(this.absolute, 'utf8')
      .replace(/^\uFEFF/, '')
      .replace(/\r\n?/g, '\n');
  }

  parseYaml(text: string, what: string): unknown {
    try {
      return parseYaml(text);
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      return this.fail(`${what} is not valid YAML: ${reason}`);
    }
  }

  /** Splits `---` front matter from the body and parses it into a mapping. */
  frontMatter(): { fields: Fields; body: string } {
    const text = this.read();
    const lines = text.split('\n');
    if ((lines[0] ?? '').trim() !== '---') {
      return this.fail("front matter missing: the file must start with a '---' line");
    }
    const end = lines.findIndex((line, index) => index > 0 && line.trim() === '---');
    if (end < 0) return this.fail("front matter is not closed by a '---' line");
    const parsed = this.parseYaml(lines.slice(1, end).join('\n'), 'front matter');
    if (!isRecord(parsed)) return this.fail('front matter must be a mapping of fields (key: value)');
    return { fields: parsed, body: lines.slice(end + 1).join('\n') };
  }

  onlyFields(fields: Fields, allowed: readonly string[], where = ''): void {
    for (const key of Object.keys(fields)) {
      if (!allowed.includes(key)) {
        this.fail(`${where}unknown field '${key}' (allowed: ${allowed.join(', ')})`);
      }
    }
  }

  positiveInteger(fields: Fields, key: string, where = ''): number {
    const value = fields[key];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
      return this.fail(`${where}'${key}' must be a positive integer, got ${describe(value)}`);
    }
    return value;
  }

  text(fields: Fields, key: string, where = ''): string {
    const value = fields[key];
    if (typeof value !== 'string' || value.trim() === '') {
      return this.fail(`${where}'${key}' must be a non-empty string, got ${describe(value)}`);
    }
    return value.trim();
  }
}
