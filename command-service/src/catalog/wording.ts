// The wording rule of content/README.md: learner-facing text never claims or implies regulatory approval,
// certification or endorsement, and never promises profit or safety. Used by the content test over every
// file under content/.

export interface WordingFinding {
  /** 1-based line on which the offending phrase starts. */
  line: number;
  /** The phrase as written in the text. */
  phrase: string;
}

const DASH = '[\\s\\-\u2010\u2011\u2012\u2013]+';
const APOSTROPHE = "['\u2019]?";

/** Forbidden claims, matched case-insensitively across line breaks. */
export const FORBIDDEN_CLAIMS: readonly RegExp[] = [
  /\bguarantee(?:s|d|ing)?\b/giu,
  new RegExp(`\\brisk${DASH}free\\b`, 'giu'),
  new RegExp(`\\bCFTC${DASH}(?:approved|certified)\\b`, 'giu'),
  /\b(?:approved|certified)\s+by\s+(?:the\s+)?CFTC\b/giu,
  new RegExp(`\\bcan${APOSTROPHE}t\\s+lose\\b`, 'giu'),
  /\bcan\s*not\s+lose\b/giu,
  /\bno\s+risk\b/giu,
  /\bsure\s+thing\b/giu,
  /\bendorsed\s+by\b/giu,
];

// "endorsed by" is allowed only when immediately negated: "not/never/nor endorsed by" (markdown emphasis
// such as "**not** endorsed by" is looked through).
const NEGATION_BEFORE = /\b(?:not|never|nor)[\s*_]+$/iu;

function isNegatedEndorsement(text: string, index: number, phrase: string): boolean {
  return /^endorsed/iu.test(phrase) && NEGATION_BEFORE.test(text.slice(Math.max(0, index - 40), index));
}

/** Every forbidden claim in the text, in order of position. */
export function findForbiddenClaims(text: string): WordingFinding[] {
  const found: Array<WordingFinding & { index: number }> = [];
  for (const pattern of FORBIDDEN_CLAIMS) {
    for (const match of text.matchAll(pattern)) {
      const index = match.index;
      const phrase = match[0];
      if (isNegatedEndorsement(text, index, phrase)) continue;
      const line = text.slice(0, index).split('\n').length;
      found.push({ index, line, phrase: phrase.replace(/\s+/g, ' ') });
    }
  }
  return found.sort((a, b) => a.index - b.index).map(({ line, phrase }) => ({ line, phrase }));
}
