import { Box, Flex, List, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { shareOf } from './charts';

export interface Bar {
  readonly key: string;
  readonly label: string;
  readonly value: number;
  /** The exact value as shown beside the bar, e.g. '12 learners'. */
  readonly valueText: string;
  /** A second line under the label, e.g. '83% of registered · 91% from the step before'. */
  readonly detail?: string;
}

export interface BarListProps {
  /** The chart's title, shown as its caption. */
  readonly caption: ReactNode;
  readonly bars: readonly Bar[];
  /** The value of a full-width bar; defaults to the largest value. */
  readonly max?: number;
  readonly color?: string;
  readonly testId?: string;
}

/**
 * A horizontal bar chart drawn with boxes: a list whose items carry their label and exact value as text
 * (what assistive technology reads), with the bars themselves hidden from it. Every bar starts at the
 * left edge (a funnel too), so lengths compare at a glance.
 */
export function BarList({ caption, bars, max, color = 'brand.400', testId }: BarListProps) {
  const full = max ?? Math.max(0, ...bars.map((b) => b.value));
  return (
    <Box as="figure" m="0" data-testid={testId}>
      <Box as="figcaption" fontSize="sm" color="fg.muted" mb="3">
        {caption}
      </Box>
      <List.Root listStyle="none" ps="0" gap="2.5">
        {bars.map((bar) => {
          const percent = shareOf(bar.value, full) * 100;
          return (
            <List.Item key={bar.key} display="block">
              <Flex justify="space-between" gap="3" align="baseline" fontSize="sm">
                <Text lineClamp={{ base: 3, md: 2 }}>{bar.label}</Text>
                <Text fontWeight="semibold" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                  {bar.valueText}
                </Text>
              </Flex>
              {bar.detail === undefined ? null : (
                <Text fontSize="xs" color="fg.muted">
                  {bar.detail}
                </Text>
              )}
              <Box aria-hidden="true" mt="1" h="2.5" bg="bg.muted" rounded="full" overflow="hidden">
                <Box
                  h="full"
                  w={`${percent}%`}
                  minW={bar.value > 0 ? '1' : '0'}
                  bg={color}
                  rounded="full"
                  transition="width 0.3s"
                />
              </Box>
            </List.Item>
          );
        })}
      </List.Root>
    </Box>
  );
}
