/**
 * A compliance document's text: markdown rendered and sanitised by the app's one renderer (the policy
 * pages' and lessons' allow-list), in a scrollable, keyboard-focusable region.
 */
import { Box } from '@chakra-ui/react';
import { useMemo } from 'react';
import { renderMarkdown } from '../../content/markdown';

const prose = {
  '& h1, & h2, & h3, & h4, & h5, & h6': {
    fontWeight: 'semibold',
    lineHeight: '1.35',
    color: 'fg',
    mt: '5',
    mb: '2',
  },
  '& h1, & h2, & h3': { fontSize: 'lg' },
  '& h4, & h5, & h6': { fontSize: 'md' },
  '& > :first-child': { mt: '0' },
  '& p': { mb: '3' },
  '& ul, & ol': { ps: '5', mb: '3' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li': { mb: '1' },
  '& li::marker': { color: 'brand.400' },
  '& strong': { color: 'fg', fontWeight: 'semibold' },
  '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'bg.muted', px: '1', rounded: 'sm' },
  '& blockquote': { borderStartWidth: '3px', borderColor: 'brand.600', ps: '3', color: 'fg.muted' },
} as const;

/** Moves every heading `offset` levels down (at most h6), so the text fits under the heading around it. */
export function shiftHeadings(html: string, offset: number): string {
  if (offset <= 0) return html;
  return html.replace(/<(\/?)h([1-6])(?=[\s>])/g, (_, slash: string, level: string) => {
    return `<${slash}h${Math.min(6, Number(level) + offset)}`;
  });
}

export interface DocumentTextProps {
  readonly id?: string;
  /** How many levels to move the text's headings down (its `##` are h2 otherwise). */
  readonly headingOffset?: number;
  readonly title: string;
  readonly content: string;
  readonly maxH?: string;
}

export function DocumentText({ id, title, content, maxH = '40vh', headingOffset = 0 }: DocumentTextProps) {
  const html = useMemo(() => shiftHeadings(renderMarkdown(content), headingOffset), [content, headingOffset]);
  return (
    <Box
      id={id}
      role="region"
      aria-label={`${title} text`}
      // Focusable so the text can be scrolled with the keyboard.
      tabIndex={0}
      maxH={maxH}
      overflowY="auto"
      bg="bg.subtle"
      borderWidth="1px"
      borderColor="border"
      rounded="lg"
      px={{ base: '4', md: '5' }}
      py="4"
      color="fg.muted"
      fontSize="sm"
      lineHeight="1.7"
      css={prose}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
      // Sanitised by DOMPurify to the formatting rule's allow-list (see pages/policies).
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised markdown
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
