/**
 * The policy pages' text, authored in content/policies/*.md (front matter: title, effective, updated) and
 * bundled at build time. Rendered by the shared renderer (../content/markdown): marked, then DOMPurify to
 * the formatting rule's allow-list — paragraphs, headings, lists, strong, em, code, pre, blockquote, br,
 * span, div and the class attribute.
 */
import cftcCompliance from '../../../content/policies/cftc-compliance.md?raw';
import cookiePolicy from '../../../content/policies/cookie-policy.md?raw';
import privacyPolicy from '../../../content/policies/privacy-policy.md?raw';
import termsOfService from '../../../content/policies/terms-of-service.md?raw';
import { renderMarkdown } from '../content/markdown';
import type { PolicySlug } from './policy-links';

export { ALLOWED_ATTR, ALLOWED_TAGS, renderMarkdown } from '../content/markdown';

export interface Policy {
  readonly title: string;
  readonly effective: string;
  readonly updated: string;
  /** Sanitised HTML of the body. */
  readonly html: string;
}

const sources: Record<PolicySlug, string> = {
  'privacy-policy': privacyPolicy,
  'terms-of-service': termsOfService,
  'cookie-policy': cookiePolicy,
  'cftc-compliance': cftcCompliance,
};

/** Splits `---\nkey: value\n---\nbody` into its fields and body. */
export function parseFrontMatter(source: string): { fields: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (match === null) return { fields: {}, body: source };
  const fields: Record<string, string> = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const field = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
    if (field?.[1] !== undefined) fields[field[1]] = (field[2] ?? '').trim();
  }
  return { fields, body: match[2] ?? '' };
}

const cache = new Map<PolicySlug, Policy>();

export function policy(slug: PolicySlug): Policy {
  const cached = cache.get(slug);
  if (cached) return cached;
  const { fields, body } = parseFrontMatter(sources[slug]);
  const rendered: Policy = {
    title: fields.title ?? '',
    effective: fields.effective ?? '',
    updated: fields.updated ?? '',
    html: renderMarkdown(body),
  };
  cache.set(slug, rendered);
  return rendered;
}
