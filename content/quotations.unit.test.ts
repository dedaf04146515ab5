// Quotations of rule text, compared word for word with the rule as it stands. A pure test: it reads the authored
// files and writes nothing. SOURCES.md names the official text each quotation was compared with.
//
// The one rule quoted in the course is the statement CFTC Rule 4.41(b)(1)(i) (17 CFR 4.41) prescribes beside
// simulated or hypothetical performance. Lessons quote it in the rule's own case; the CFTC Compliance page and
// the Educational Disclaimer show it in capitals and bold, the form Rule 4.1(b) gives to "prominent" text, so
// there the words are compared and the case is not.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadComplianceDocuments, loadCourse } from '@tickwise/command-service/catalog';
import { HYPOTHETICAL_RESULTS_STATEMENT } from '@tickwise/contracts';

/** 17 CFR 4.41(b)(1)(i), as amended with effect from 26 March 2007 (72 FR 8106): one text, in the contracts. */
const RULE_4_41_STATEMENT = HYPOTHETICAL_RESULTS_STATEMENT;

/** The statement's first words in each wording it has had, so a quotation of an older wording is found too. */
const OPENINGS = [
  /these results are based on simulated/i,
  /hypothetical or simulated performance results have/i,
];

/** Each blockquote of a Markdown text as one line, without its `>` markers and bold. */
function blockquotes(markdown: string): string[] {
  const quotes: string[] = [];
  let current: string[] = [];
  for (const line of `${markdown}\n`.split('\n')) {
    if (line.startsWith('>')) {
      current.push(line.replace(/^>\s?/, ''));
      continue;
    }
    if (current.length > 0) quotes.push(current.join(' ').replace(/\*\*/g, '').trim());
    current = [];
  }
  return quotes;
}

/** The quoted statement in a text: the paragraph of a blockquote that opens with one of its wordings. */
function quotedStatements(markdown: string): string[] {
  return blockquotes(markdown)
    .flatMap((quote) => quote.split(/\s{2,}|(?<=\.)\s+(?=—|Source:)/))
    .map((part) => part.trim())
    .filter((part) => OPENINGS.some((opening) => opening.test(part)));
}

const policiesDir = path.join(__dirname, 'policies');
const policyPages = readdirSync(policiesDir)
  .filter((name) => name.endsWith('.md'))
  .map((name) => ({ where: `policies/${name}`, text: readFileSync(path.join(policiesDir, name), 'utf8') }));

const lessons = loadCourse().modules.flatMap((m) =>
  m.lessons.map((lesson) => ({ where: `lesson ${m.id}.${lesson.position}`, text: lesson.content })),
);

/** Only the version of each document in force: a published version never changes. */
const documentsInForce = (() => {
  const newest = new Map<string, ReturnType<typeof loadComplianceDocuments>[number]>();
  for (const doc of loadComplianceDocuments()) {
    const seen = newest.get(doc.documentType);
    const newer =
      !seen || doc.version.localeCompare(seen.version, undefined, { numeric: true }) > 0 ? doc : seen;
    newest.set(doc.documentType, newer);
  }
  return [...newest.values()].map((doc) => ({ where: doc.file, text: doc.content }));
})();

describe('the CFTC Rule 4.41(b)(1)(i) statement', () => {
  it('is quoted word for word, in the rule’s own case, in every lesson that cites the rule', () => {
    const citing = lessons.filter((lesson) => lesson.text.includes('17 CFR 4.41'));
    expect(citing.length).toBeGreaterThanOrEqual(9);
    for (const lesson of citing) {
      const quoted = quotedStatements(lesson.text);
      expect([lesson.where, quoted.length > 0]).toEqual([lesson.where, true]);
      for (const statement of quoted)
        expect([lesson.where, statement]).toEqual([lesson.where, RULE_4_41_STATEMENT]);
    }
  });

  it('is quoted word for word on the policy pages and in the documents in force (capitals allowed)', () => {
    const places = [...policyPages, ...documentsInForce];
    const quoting = places.filter((place) => quotedStatements(place.text).length > 0);
    expect(quoting.map((place) => place.where).sort()).toEqual([
      'content/compliance/educational_disclaimer/1.2.md',
      'policies/cftc-compliance.md',
    ]);
    for (const place of quoting) {
      for (const statement of quotedStatements(place.text)) {
        expect([place.where, statement.toLowerCase()]).toEqual([
          place.where,
          RULE_4_41_STATEMENT.toLowerCase(),
        ]);
      }
    }
  });

  it('finds a quotation that departs from the rule by one word', () => {
    const altered = RULE_4_41_STATEMENT.replace('because these trades', 'since these trades');
    expect(quotedStatements(`Text.\n\n> ${altered}\n>\n> — CFTC Rule 4.41(b)(1)(i), 17 CFR 4.41\n`)).toEqual([
      altered,
    ]);
    expect(altered).not.toEqual(RULE_4_41_STATEMENT);
  });
});
