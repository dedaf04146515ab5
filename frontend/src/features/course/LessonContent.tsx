/**
 * A lesson's text as collapsible, typed sections: the markdown is split by its level-2 headings,
 * each section rendered by the app's one markdown renderer and sanitised to the formatting rule's allow-list.
 * A `::calculator{contract="ES" mode="pnl"}` line becomes the contract calculator in its place.
 */
import { Accordion, Box, Text } from '@chakra-ui/react';
import {
  type CalculatorMode,
  type LessonSection,
  type SectionType,
  splitLessonTools,
  splitSections,
} from '@tickwise/contracts';
import { useMemo } from 'react';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { renderMarkdown } from '../../content/markdown';
import { ContractCalculator, MODE_LABELS } from '../tools/ContractCalculator';
import { useContractSpecsQuery } from '../tools/tools-api';
import { demoteHeadings, sectionLabels } from './sections';

/** Styles for the sanitised HTML of a section. */
export const prose = {
  '& h4': { fontSize: 'md', fontWeight: 'semibold', lineHeight: '1.35', color: 'fg', mt: '5', mb: '2' },
  '& h5, & h6': { fontSize: 'sm', fontWeight: 'semibold', lineHeight: '1.35', color: 'fg', mt: '4', mb: '2' },
  '& p': { mb: '3' },
  '& p:last-child': { mb: '0' },
  '& ul, & ol': { ps: '6', mb: '3' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li': { mb: '1.5' },
  '& li::marker': { color: 'brand.400' },
  '& strong': { color: 'fg', fontWeight: 'semibold' },
  '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'bg.muted', px: '1', rounded: 'sm' },
  '& pre': { bg: 'bg.muted', p: '3', rounded: 'md', overflowX: 'auto', mb: '3' },
  '& pre code': { bg: 'transparent', px: '0' },
  '& blockquote': { borderStartWidth: '3px', borderColor: 'brand.600', ps: '4', color: 'fg.muted', mb: '3' },
} as const;

const typeStyles: Readonly<Record<SectionType, { accent: string; label: string; bg: string }>> = {
  overview: { accent: 'brand.400', label: 'brand.fg', bg: 'rgba(8, 51, 68, 0.45)' },
  example: { accent: 'purple.400', label: 'purple.300', bg: 'rgba(59, 7, 100, 0.28)' },
  keypoint: { accent: 'yellow.400', label: 'yellow.300', bg: 'rgba(66, 32, 6, 0.4)' },
  summary: { accent: 'green.400', label: 'green.300', bg: 'rgba(5, 46, 22, 0.4)' },
  section: { accent: 'border.emphasized', label: 'fg.muted', bg: 'rgba(10, 17, 32, 0.6)' },
};

/** A piece of a section: sanitised HTML, or a calculator the lesson embeds. */
export type SectionPart =
  | { readonly kind: 'html'; readonly html: string }
  | { readonly kind: 'calculator'; readonly contract: string; readonly mode: CalculatorMode };

interface RenderedSection extends LessonSection {
  readonly key: string;
  readonly parts: readonly SectionPart[];
}

/** Sections with their sanitised HTML; a section's own sub-headings sit one level under its heading. */
export function renderSections(content: string): RenderedSection[] {
  return splitSections(content).map((section, i) => ({
    ...section,
    key: `s${i}`,
    parts: splitLessonTools(demoteHeadings(section.body, 1)).map(
      (segment): SectionPart =>
        segment.kind === 'markdown' ? { kind: 'html', html: renderMarkdown(segment.text) } : segment,
    ),
  }));
}

/** The calculator inside a lesson, with the lesson's contract and mode. */
function EmbeddedCalculator({
  contract,
  mode,
}: {
  readonly contract: string;
  readonly mode: CalculatorMode;
}) {
  const specs = useContractSpecsQuery();
  return (
    <Box
      as="aside"
      aria-label={`Try it: ${MODE_LABELS[mode].toLowerCase()}`}
      borderWidth="1px"
      borderColor="border"
      rounded="lg"
      p={{ base: '3', md: '4' }}
      my="4"
      bg="bg.subtle"
    >
      <Text fontWeight="semibold" color="fg" mb="3">
        Try it: {MODE_LABELS[mode].toLowerCase()}
      </Text>
      {specs.data !== undefined ? (
        <ContractCalculator specs={specs.data} symbol={contract} mode={mode} embedded />
      ) : specs.error !== undefined ? (
        <Text color="fg.muted">
          The calculator could not load the contract specifications; reload to try again.
        </Text>
      ) : (
        <LoadingSpinner size="small" label="Loading the calculator…" />
      )}
    </Box>
  );
}

/** Whether a section's title already names its type ("Summary", "Example: …"): then no label above it. */
const titleSaysType = (s: LessonSection): boolean =>
  s.title.toLowerCase().startsWith(sectionLabels[s.type].toLowerCase());

function SectionHtml({ html }: { readonly html: string }) {
  return (
    <Box
      className="lesson-content"
      color="fg.muted"
      lineHeight="1.75"
      css={prose}
      // Sanitised by DOMPurify to the formatting rule's allow-list (see content/markdown.ts).
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised markdown
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

function SectionBody({ parts }: { readonly parts: readonly SectionPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.kind === 'html' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one section never reorder
          <SectionHtml key={i} html={part.html} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one section never reorder
          <EmbeddedCalculator key={i} contract={part.contract} mode={part.mode} />
        ),
      )}
    </>
  );
}

export function LessonContent({ content }: { readonly content: string }) {
  const sections = useMemo(() => renderSections(content), [content]);
  const titled = sections.filter((s) => s.title !== '');
  const lead = sections.filter((s) => s.title === '');
  if (sections.length === 0) {
    return <Text color="fg.muted">This lesson has no text yet.</Text>;
  }
  return (
    <Box data-testid="lesson-sections">
      {lead.map((s) => (
        <Box key={s.key} mb="4">
          <SectionBody parts={s.parts} />
        </Box>
      ))}
      <Accordion.Root multiple defaultValue={titled.map((s) => s.key)} variant="plain" display="grid" gap="3">
        {titled.map((s) => {
          const style = typeStyles[s.type];
          return (
            <Accordion.Item
              key={s.key}
              value={s.key}
              data-section-type={s.type}
              data-testid="lesson-section"
              borderStartWidth="4px"
              borderStartColor={style.accent}
              borderWidth="1px"
              borderColor="border"
              rounded="lg"
              bg={style.bg}
              overflow="hidden"
            >
              <Box as="h3" m="0">
                <Accordion.ItemTrigger
                  px="4"
                  py="3"
                  cursor="pointer"
                  gap="3"
                  _focusVisible={{
                    outline: '2px solid',
                    outlineColor: 'brand.focusRing',
                    outlineOffset: '-2px',
                  }}
                >
                  <Box flex="1" textAlign="start">
                    {s.type === 'section' || titleSaysType(s) ? null : (
                      <Text
                        as="span"
                        display="block"
                        fontSize="xs"
                        fontWeight="semibold"
                        letterSpacing="wider"
                        textTransform="uppercase"
                        color={style.label}
                      >
                        {sectionLabels[s.type]}
                      </Text>
                    )}
                    <Text as="span" display="block" fontSize="lg" fontWeight="semibold" color="fg">
                      {s.title}
                    </Text>
                  </Box>
                  <Accordion.ItemIndicator color="fg.muted" />
                </Accordion.ItemTrigger>
              </Box>
              <Accordion.ItemContent>
                <Accordion.ItemBody px="4" pt="0" pb="4">
                  <SectionBody parts={s.parts} />
                </Accordion.ItemBody>
              </Accordion.ItemContent>
            </Accordion.Item>
          );
        })}
      </Accordion.Root>
    </Box>
  );
}
