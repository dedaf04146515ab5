import { Box, SimpleGrid, Text, VisuallyHidden } from '@chakra-ui/react';
import type { Dashboard } from '@tickwise/contracts';
import { scoreColour, scoreColourTokens } from '../course/score';
import { Panel } from '../psychology/Panel';
import { psychologyTone, toneColor } from '../psychology/scale';

interface Stat {
  readonly label: string;
  readonly value: number | null;
  readonly help: string;
  /** The score's colour band (quiz: the quiz colours; psychology: ≥80 green, ≥60 yellow), if it has one. */
  readonly tone: string | null;
  /** The fill of the value and its bar. */
  readonly color: string;
}

const BRAND = 'brand.400';

/** A psychology score's band and fill, or none without a score. */
const psychologyStat = (value: number | null) =>
  value === null
    ? { tone: null, color: BRAND }
    : { tone: psychologyTone(value), color: toneColor[psychologyTone(value)] };

export const statsOf = (dashboard: Dashboard): Stat[] => [
  {
    label: 'Course Progress',
    value: dashboard.courseProgress,
    help: 'Share of the 12 modules completed',
    tone: null,
    color: BRAND,
  },
  {
    label: 'Quiz Average',
    value: dashboard.quizAverage,
    help: dashboard.quizAverage === null ? 'Take a module quiz' : 'Mean of your module quiz scores',
    ...(dashboard.quizAverage === null
      ? { tone: null, color: BRAND }
      : {
          tone: scoreColour(dashboard.quizAverage),
          color: scoreColourTokens[scoreColour(dashboard.quizAverage)],
        }),
  },
  {
    label: 'EQ Score',
    value: dashboard.eqScore,
    help: dashboard.eqScore === null ? 'Take the psychology assessment' : 'Emotional intelligence',
    ...psychologyStat(dashboard.eqScore),
  },
  {
    label: 'Stress Resilience',
    value: dashboard.stressResilience,
    help: dashboard.stressResilience === null ? 'Take the psychology assessment' : 'From your latest profile',
    ...psychologyStat(dashboard.stressResilience),
  },
];

/**
 * The four stat cards: Course Progress, Quiz Average, EQ Score, Stress Resilience. A score is drawn in
 * its band's colour (the same bands as the quiz result and the psychology bars); the number is the cue.
 */
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
        <Panel as="li" key={stat.label} data-testid="stat-card" data-tone={stat.tone ?? undefined} p="5">
          <Text fontSize="sm" color="fg.muted" fontWeight="medium">
            {stat.label}
          </Text>
          <Text
            fontSize="3xl"
            fontWeight="bold"
            lineHeight="1.2"
            mt="1"
            fontVariantNumeric="tabular-nums"
            color={stat.tone === null ? 'fg' : stat.color}
          >
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
              bg={stat.color}
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
