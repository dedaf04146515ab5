/**
 * The one markdown renderer of the app (policy pages, lesson sections): marked turns markdown into HTML,
 * DOMPurify keeps exactly the formatting rule's allow-list (docs/product.md) — p, h1–h6, ul, ol, li,
 * strong, em, code, pre, blockquote, br, span, div — and only the class attribute. Everything else goes:
 * links, images, tables, forms, svg, iframes, scripts and styles (with their content), event handlers,
 * style, data-* and aria-* attributes, and therefore any javascript: or data: URL.
 */
import DOMPurify, { type Config } from 'dompurify';
import { marked } from 'marked';

export const ALLOWED_TAGS = [
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'code',
  'pre',
  'blockquote',
  'br',
  'span',
  'div',
];
export const ALLOWED_ATTR = ['class'];

const purifyConfig: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  // DOMPurify lets data-* and aria-* through by default, even with an attribute allow-list.
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOW_SELF_CLOSE_IN_ATTR: false,
};

/** Keeps only the allowed elements and the class attribute. */
export function sanitizeHtml(html: string): string {
  return String(DOMPurify.sanitize(html, purifyConfig));
}

/** Markdown to HTML, keeping only the allowed elements and the class attribute. */
export function renderMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown, { async: false, gfm: true }));
}
