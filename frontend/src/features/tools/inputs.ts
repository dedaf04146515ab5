/**
 * The calculator's inputs as typed: each field's text, read as a number and checked, with a plain message for
 * what is wrong. Nothing is computed from a field that does not pass.
 */

/** "6,800.25", "$50,000", "−8" or "-8" → the number; anything else → null. */
export function readNumber(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/[\s,$]/g, '')
    .replace(/^−/, '-');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

export type FieldRule =
  | 'price'
  | 'contracts'
  | 'move'
  | 'money'
  | 'moneyOrZero'
  | 'riskPercent'
  | 'distance'
  | 'ticksOrZero';

const MAX_CONTRACTS = 10_000;

const messages: Readonly<Record<FieldRule, string>> = {
  price: 'Enter a price above 0, for example 6800.25.',
  contracts: `Enter a whole number of contracts from 1 to ${MAX_CONTRACTS.toLocaleString('en-US')}.`,
  move: 'Enter the price move as a number, for example 8, or −8 for a fall.',
  money: 'Enter an amount in dollars above 0, for example 50000.',
  moneyOrZero: 'Enter an amount in dollars, 0 or more, for example 2.25.',
  riskPercent: 'Enter a percentage above 0 and at most 100, for example 1.',
  distance: 'Enter a distance above 0, for example 8.',
  ticksOrZero: 'Enter a whole number of ticks, 0 or more.',
};

const accepts: Readonly<Record<FieldRule, (n: number) => boolean>> = {
  price: (n) => n > 0,
  contracts: (n) => Number.isInteger(n) && n >= 1 && n <= MAX_CONTRACTS,
  move: () => true,
  money: (n) => n > 0,
  moneyOrZero: (n) => n >= 0,
  riskPercent: (n) => n > 0 && n <= 100,
  distance: (n) => n > 0,
  ticksOrZero: (n) => Number.isInteger(n) && n >= 0,
};

/** A field read by its rule: the number, or the message that says what to enter. */
export type Checked =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly error: string };

export function check(rule: FieldRule, text: string): Checked {
  const value = readNumber(text);
  return value !== null && accepts[rule](value) ? { ok: true, value } : { ok: false, error: messages[rule] };
}

/** Checks every field; the numbers when all pass, otherwise each failing field's message. */
export function checkAll<K extends string>(
  fields: Readonly<Record<K, { rule: FieldRule; text: string }>>,
): { values: Record<K, number>; errors: null } | { values: null; errors: Partial<Record<K, string>> } {
  const values = {} as Record<K, number>;
  const errors: Partial<Record<K, string>> = {};
  for (const key of Object.keys(fields) as K[]) {
    const result = check(fields[key].rule, fields[key].text);
    if (result.ok) values[key] = result.value;
    else errors[key] = result.error;
  }
  return Object.keys(errors).length === 0 ? { values, errors: null } : { values: null, errors };
}
