import { Box, SimpleGrid, Text, VisuallyHidden } from '@chakra-ui/react';
import type { Dashboard } from '@tickwise/contracts';
import { Panel } from '../psychology/Panel';

interface Stat {
  readonly label: string;
  readonly value: number | null;
  readonly help: string;
}

export const statsOf = (dashboard: Dashboard): Stat[] => [
  { label: 'Course Progress', value: dashboard.courseProgress, help: 'Share of the 12 modules completed' },
  { label: 'Quiz Average', value: dashboard.quizAverage, help: 'Mean of your module quiz scores' },
  {
    label: 'EQ Score',
    value: dashboard.eqScore,
    help: dashboard.eqScore === null ? 'Take the psychology assessment' : 'Emotional intelligence',
  },
  {
    label: 'Stress Resilience',
    value: dashboard.stressResilience,
    help: dashboard.stressResilience === null ? 'Take the psychology assessment' : 'From your latest profile',
  },
];

/** The four stat cards: Course Progress, Quiz Average, EQ Score, Stress Resilience. */
export function StatCards({ dashboard }: { readonly dashboard: Dashboard }) {
  return (
    <SimpleGrid
      as="ul"
      listStyleType="none"
      columns={{ base: 1, sm: 2, lg: 4 }}
      gap="4"
      aria-label="Your numbers"
    >
      {statsOf(dashboard).map((stat) => (
        <Panel as="li" key={stat.label} data-testid="stat-card" p="5">
          <Text fontSize="sm" color="fg.muted" fontWeight="medium">
            {stat.label}
          </Text>
          <Text fontSize="3xl" fontWeight="bold" lineHeight="1.2" mt="1" fontVariantNumeric="tabular-nums">
            {stat.value === null ? (
              <>
                <span aria-hidden="true">—</span>
                <VisuallyHidden>No score yet</VisuallyHidden>
              </>
            ) : (
              `${stat.value}%`
            )}
          </Text>
          <Box aria-hidden="true" h="1.5" bg="bg.emphasized" rounded="full" overflow="hidden" mt="3">
            <Box
              h="full"
              w={`${Math.max(0, Math.min(100, stat.value ?? 0))}%`}
              bg="brand.400"
              rounded="full"
            />
          </Box>
          <Text fontSize="xs" color="fg.muted" mt="2">
            {stat.help}
          </Text>
        </Panel>
      ))}
    </SimpleGrid>
  );
}
