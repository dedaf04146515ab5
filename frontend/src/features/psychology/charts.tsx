/**
 * The score graphics of the psychology results and the dashboard, drawn with Chakra boxes and SVG: a ring
 * for an overall score and labelled bars. Each shows its number as text; the drawing itself is hidden from
 * screen readers, which read the label and the value instead.
 */
import { Box, Center, Flex, HStack, List, Text } from '@chakra-ui/react';
import { type Tone, toneColor } from './scale';

const clampPercent = (value: number): number => Math.max(0, Math.min(100, value));

export interface ScoreRingProps {
  readonly value: number;
  readonly tone: Tone;
  /** What the score is, e.g. 'Overall score'; read as "Overall score: 72 out of 100". */
  readonly label: string;
  readonly size?: number;
}

/** A ring filled to `value` percent in the tone's colour, the number in the middle. */
export function ScoreRing({ value, tone, label, size = 128 }: ScoreRingProps) {
  const stroke = 12;
  const radius = (size - stroke) / 2;
  const circumference = 2 * Math.PI * radius;
  const centre = size / 2;
  return (
    <Box
      role="img"
      aria-label={`${label}: ${value} out of 100`}
      data-testid="score-ring"
      data-tone={tone}
      position="relative"
      w={`${size}px`}
      h={`${size}px`}
      flexShrink={0}
    >
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true" focusable="false">
        <circle cx={centre} cy={centre} r={radius} fill="none" stroke="#1d2a44" strokeWidth={stroke} />
        <circle
          cx={centre}
          cy={centre}
          r={radius}
          fill="none"
          stroke={toneColor[tone]}
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - clampPercent(value) / 100)}
          transform={`rotate(-90 ${centre} ${centre})`}
        />
      </svg>
      <Center position="absolute" inset="0" flexDirection="column" aria-hidden="true">
        <Text fontSize={size >= 120 ? '3xl' : '2xl'} fontWeight="bold" lineHeight="1" color={toneColor[tone]}>
          {value}
        </Text>
        <Text fontSize="xs" color="fg.muted" mt="1">
          out of 100
        </Text>
      </Center>
    </Box>
  );
}

export interface BarItem {
  readonly key: string | number;
  readonly label: string;
  /** A percent, 0–100. */
  readonly value: number;
  /** The fill; a tone's colour or any colour token. */
  readonly color: string;
  readonly tone?: Tone;
}

export interface ScoreBarsProps {
  readonly items: readonly BarItem[];
  /** The list's accessible name, e.g. 'Category scores'. */
  readonly label: string;
  readonly testId?: string;
  /** Two columns from the md breakpoint up. */
  readonly twoColumns?: boolean;
}

/** Labelled horizontal bars, each with its percent as text. */
export function ScoreBars({ items, label, testId = 'score-bar', twoColumns = false }: ScoreBarsProps) {
  return (
    <List.Root
      as="ul"
      listStyle="none"
      aria-label={label}
      m="0"
      p="0"
      display="grid"
      gridTemplateColumns={twoColumns ? { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } : '1fr'}
      columnGap="8"
      rowGap="3"
    >
      {items.map((item) => (
        <List.Item key={item.key} display="block" data-testid={testId} data-tone={item.tone}>
          <Flex justify="space-between" align="baseline" gap="3" mb="1.5">
            <Text fontSize="sm" color="fg">
              {item.label}
            </Text>
            <Text fontSize="sm" fontWeight="semibold" fontVariantNumeric="tabular-nums" flexShrink={0}>
              {item.value}%
            </Text>
          </Flex>
          <Box aria-hidden="true" h="2" bg="bg.emphasized" rounded="full" overflow="hidden">
            <Box h="full" w={`${clampPercent(item.value)}%`} bg={item.color} rounded="full" />
          </Box>
        </List.Item>
      ))}
    </List.Root>
  );
}

/** A small key to the colours of the bars. */
export function ToneLegend({ entries }: { readonly entries: readonly { tone: Tone; text: string }[] }) {
  return (
    <HStack
      as="ul"
      listStyleType="none"
      gap="4"
      wrap="wrap"
      fontSize="xs"
      color="fg.muted"
      aria-label="Colour key"
    >
      {entries.map((entry) => (
        <HStack as="li" key={entry.tone} gap="1.5">
          <Box aria-hidden="true" w="2.5" h="2.5" rounded="full" bg={toneColor[entry.tone]} />
          <Text as="span">
            {entry.tone[0]?.toUpperCase()}
            {entry.tone.slice(1)}: {entry.text}
          </Text>
        </HStack>
      ))}
    </HStack>
  );
}

export interface ProgressBarProps {
  readonly value: number;
  readonly max: number;
  readonly label: string;
  readonly valueText: string;
}

/** A determinate progress bar (role progressbar) with a spoken value such as "Question 3 of 30". */
export function ProgressBar({ value, max, label, valueText }: ProgressBarProps) {
  const percent = max <= 0 ? 0 : clampPercent((value / max) * 100);
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      h="2"
      bg="bg.emphasized"
      rounded="full"
      overflow="hidden"
    >
      <Box h="full" w={`${percent}%`} bg="brand.400" rounded="full" transition="width 0.2s ease" />
    </Box>
  );
}
