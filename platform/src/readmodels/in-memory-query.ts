/**
 * `find` and `count` over documents in memory, answering as the SQLite store's SQL does. A field is read as
 * `json_extract(doc, '$.a.b')` reads it: missing and null are NULL, booleans are 1 and 0, objects and arrays
 * are their JSON text. Equality never matches NULL (only a `null` query value does, as IS NULL); sorting puts
 * NULL before numbers before text (text by code point, as SQLite compares UTF-8 bytes); ties go by id.
 */
import type { Doc, FieldValue, FindQuery } from './port';

const COLLECTION_NAME = /^[A-Za-z0-9_.:-]{1,120}$/;
const FIELD_NAME = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;

/** The names the SQLite store accepts (it builds table names from them); others throw the same error. */
export function checkCollectionName(collection: string): void {
  if (!COLLECTION_NAME.test(collection)) throw new Error(`invalid collection name: ${collection}`);
}

export function checkFieldName(field: string): void {
  if (!FIELD_NAME.test(field)) throw new Error(`invalid field name: ${field}`);
}

/** A value as SQL sees it: NULL, a number or text. */
type SqlValue = number | string | null;

/** A query value as bound to a statement (booleans bind as 1 and 0). */
const bound = (value: FieldValue): SqlValue => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

/** `json_extract(doc, '$.<field>')`: a path steps through objects only (an array has no `.0`). */
function extract(doc: Doc, field: string): SqlValue {
  let value: unknown = doc;
  for (const key of field.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
    value = Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  }
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' || typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The documents' filter for a `where`: every field must match. */
export function matcher(where: FindQuery['where']): (doc: Doc) => boolean {
  const tests = Object.entries(where ?? {}).map(([field, wanted]): ((doc: Doc) => boolean) => {
    checkFieldName(field);
    if (Array.isArray(wanted)) {
      // `IN (…)`: NULL is never among the values, and an empty list matches nothing.
      const values = new Set(wanted.map(bound));
      return (doc) => {
        const value = extract(doc, field);
        return value !== null && values.has(value);
      };
    }
    if (wanted === null) return (doc) => extract(doc, field) === null;
    const value = bound(wanted as FieldValue);
    return (doc) => extract(doc, field) === value;
  });
  return (doc) => tests.every((test) => test(doc));
}

/** Text in code-point order (what comparing UTF-8 bytes gives), not JavaScript's UTF-16 order. */
function compareText(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (code points above U+FFFF) sort after U+E000–U+FFFF in code-point order.
    if (x >= 0xd800 && y >= 0xd800) {
      x += x >= 0xe000 ? -0x800 : 0x2000;
      y += y >= 0xe000 ? -0x800 : 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

/** SQLite's order of values of mixed types: NULL, then numbers, then text. */
const rank = (value: SqlValue): number => (value === null ? 0 : typeof value === 'number' ? 1 : 2);

function compareSql(a: SqlValue, b: SqlValue): number {
  const byRank = rank(a) - rank(b);
  if (byRank !== 0 || a === null || b === null) return byRank;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return compareText(String(a), String(b));
}

/** The order of `ORDER BY <sort fields>, id ASC`. */
export function comparator(sort: FindQuery['sort']): (a: Doc, b: Doc) => number {
  const keys = (sort ?? []).map(({ field, direction }) => {
    checkFieldName(field);
    return { field, sign: direction === 'desc' ? -1 : 1 };
  });
  return (a, b) => {
    for (const { field, sign } of keys) {
      const order = compareSql(extract(a, field), extract(b, field));
      if (order !== 0) return sign * order;
    }
    return compareText(a.id, b.id);
  };
}

/** `LIMIT n` as the SQLite store writes it: a whole number, at least 0; no limit when absent. */
export const limitOf = (limit: number | undefined): number =>
  limit === undefined ? Number.POSITIVE_INFINITY : Math.max(0, Math.floor(limit));
