import {
  type PsychologyCategory,
  type PsychologyItem,
  type PsychologyResponse,
  psychologyCategories,
} from '@tickwise/contracts';

export type CategoryScores = Record<PsychologyCategory, number>;

/** An item's score on the 1–5 scale: its value, or 6 − value when the item is reverse-keyed. */
export const itemScore = (item: Pick<PsychologyItem, 'reverseKeyed'>, value: number) =>
  item.reverseKeyed ? 6 - value : value;

/**
 * Category score = percent of the category's range after reverse keying: (sum − n) / (4n) × 100. Overall =
 * mean of the six categories. Unrounded here (archetype rules compare unrounded scores).
 */
export function scoreResponses(items: readonly PsychologyItem[], responses: readonly PsychologyResponse[]) {
  const values = new Map(responses.map((r) => [r.questionId, r.value]));
  const categories = {} as CategoryScores;
  for (const category of psychologyCategories) {
    const mine = items.filter((item) => item.category === category);
    const sum = mine.reduce((total, item) => total + itemScore(item, values.get(item.id) ?? 3), 0);
    categories[category] = mine.length === 0 ? 0 : ((sum - mine.length) / (4 * mine.length)) * 100;
  }
  const overall =
    psychologyCategories.reduce((total, c) => total + categories[c], 0) / psychologyCategories.length;
  return { categories, overall };
}

/** Why a set of responses is not one complete answer sheet (every item once), or undefined. */
export function responsesProblem(items: readonly PsychologyItem[], responses: readonly PsychologyResponse[]) {
  const known = new Set(items.map((i) => i.id));
  const seen = new Set<number>();
  for (const [index, response] of responses.entries()) {
    if (!known.has(response.questionId))
      return `responses.${index}.questionId: unknown question ${response.questionId}`;
    if (seen.has(response.questionId))
      return `responses.${index}.questionId: question ${response.questionId} is answered twice`;
    seen.add(response.questionId);
  }
  const missing = items.filter((i) => !seen.has(i.id)).map((i) => i.id);
  if (missing.length > 0) {
    return `responses: every question must be answered; missing ${missing.length === 1 ? 'question' : 'questions'} ${missing.join(', ')}`;
  }
  return undefined;
}

// ---- archetype rules ----

const RULE_NAMES = ['overall', 'lowest', ...psychologyCategories] as const;
type RuleName = (typeof RULE_NAMES)[number];
const OPERATORS = {
  '>=': (a: number, b: number) => a >= b,
  '>': (a: number, b: number) => a > b,
  '<=': (a: number, b: number) => a <= b,
  '<': (a: number, b: number) => a < b,
};
type Operator = keyof typeof OPERATORS;

export type RuleInput = { categories: CategoryScores; overall: number };
export type Rule = (input: RuleInput) => boolean;

/**
 * Parses an archetype rule: "otherwise", or conditions `<name> <op> <number>` joined by "and", where name
 * is overall, lowest (the lowest category) or a category, and op is >=, >, <= or <. Throws on anything else.
 */
export function parseRule(text: string): Rule {
  const rule = text.trim();
  if (rule === 'otherwise') return () => true;
  const conditions = rule.split(/\s+and\s+/).map((part) => {
    const match = /^([A-Za-z]+)\s*(>=|<=|>|<)\s*(\d+(?:\.\d+)?)$/.exec(part.trim());
    if (!match) throw new Error(`cannot read the condition "${part}"`);
    const [, name, op, number] = match;
    if (!RULE_NAMES.includes(name as RuleName)) throw new Error(`unknown score "${name}" in "${part}"`);
    const compare = OPERATORS[op as Operator];
    const limit = Number(number);
    return (input: RuleInput) => {
      const value =
        name === 'overall'
          ? input.overall
          : name === 'lowest'
            ? Math.min(...psychologyCategories.map((c) => input.categories[c]))
            : input.categories[name as PsychologyCategory];
      return compare(value, limit);
    };
  });
  return (input) => conditions.every((condition) => condition(input));
}

/** The first archetype whose rule holds (the list must end with an "otherwise" rule). */
export function pickArchetype<A extends { rule: string }>(archetypes: readonly A[], input: RuleInput): A {
  const found = archetypes.find((a) => parseRule(a.rule)(input));
  if (!found) throw new Error('no archetype rule matched: the last rule must be "otherwise"');
  return found;
}
