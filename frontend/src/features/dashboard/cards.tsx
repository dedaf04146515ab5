/** The dashboard's cards: module progress, psychology results, activity, trading style, next steps. */
import { Badge, Box, Button, Flex, Heading, HStack, Link, List, Stack, Text } from '@chakra-ui/react';
import type {
  Dashboard,
  PsychologyResult,
  RecentActivity,
  Recommendation,
  TradingProfile,
} from '@tickwise/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { ScoreBars, ScoreRing, ToneLegend } from '../psychology/charts';
import { PSYCHOLOGY_DISCLAIMER_BRIEF } from '../psychology/disclaimer';
import { formatDate } from '../psychology/format';
import {
  categoryScores,
  overallRingTone,
  psychologyLegend,
  psychologyTone,
  toneColor,
} from '../psychology/scale';
import { EmptyState } from './DashboardCard';
import { relativeTime } from './relative-time';

export const dashboardEmpty = {
  psychology: 'No Psychology Assessment completed yet',
  activity: 'No recent activity',
  recommendations: 'All caught up!',
} as const;

/** Course Progress by Module: one bar per module (12). */
export function ModuleProgressBars({ modules }: { readonly modules: Dashboard['moduleProgress'] }) {
  if (modules.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm">
        The course modules are not published yet.
      </Text>
    );
  }
  const completed = modules.filter((m) => m.progress >= 100).length;
  return (
    <Stack gap="4">
      <Text fontSize="sm" color="fg.muted">
        {completed} of {modules.length} modules fully completed (4 lessons and the quiz each).
      </Text>
      <ScoreBars
        twoColumns
        label="Progress by module"
        testId="module-progress"
        items={modules.map((m) => ({
          key: m.moduleId,
          label: `${m.moduleId}. ${m.title}`,
          value: m.progress,
          color: 'brand.400',
        }))}
      />
    </Stack>
  );
}

/** The latest psychology result: overall ring, archetype, completion date and the six category bars. */
export function PsychologySummary({ result }: { readonly result: PsychologyResult | null }) {
  if (result === null) {
    return (
      <EmptyState title={dashboardEmpty.psychology}>
        <Text color="fg.muted" fontSize="sm" maxW="md">
          Thirty short statements give you a profile across six areas, from emotional awareness to discipline.
        </Text>
        <Button asChild size="sm" mt="2">
          <RouterLink to="/trading-psychology-assessment">Start the assessment</RouterLink>
        </Button>
      </EmptyState>
    );
  }
  const tone = overallRingTone(result.overallScore);
  return (
    <Stack gap="5" data-testid="psychology-summary">
      <Flex gap="5" align="center" direction={{ base: 'column', sm: 'row' }}>
        <ScoreRing value={result.overallScore} tone={tone} label="Overall psychology score" />
        <Stack
          gap="1"
          align={{ base: 'center', sm: 'flex-start' }}
          textAlign={{ base: 'center', sm: 'start' }}
        >
          <Text fontSize="sm" color="fg.muted" fontWeight="medium">
            Trader archetype
          </Text>
          <Heading as="h3" fontSize="xl" textStyle="subtitle" color="brand.300" data-testid="archetype">
            {result.traderArchetype}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            Completed{' '}
            <time dateTime={result.completedAt} data-testid="completed-at">
              {formatDate(result.completedAt)}
            </time>
          </Text>
          <Link asChild fontSize="sm" color="brand.300" mt="1">
            <RouterLink to="/trading-psychology-assessment">Retake the assessment</RouterLink>
          </Link>
        </Stack>
      </Flex>
      <ScoreBars
        twoColumns
        label="Category scores"
        testId="category-bar"
        items={categoryScores(result).map((c) => {
          const categoryTone = psychologyTone(c.score);
          return {
            key: c.key,
            label: c.label,
            value: c.score,
            tone: categoryTone,
            color: toneColor[categoryTone],
          };
        })}
      />
      <ToneLegend entries={psychologyLegend} />
      <Text fontSize="xs" color="fg.muted" data-testid="psychology-disclaimer">
        {PSYCHOLOGY_DISCLAIMER_BRIEF}
      </Text>
    </Stack>
  );
}

const activityMarker: Record<RecentActivity['kind'], { text: string; palette: string }> = {
  module_completed: { text: 'Module', palette: 'green' },
  quiz_completed: { text: 'Quiz', palette: 'purple' },
  simulation_completed: { text: 'Practice', palette: 'orange' },
};

/** Recent Activity, newest first, each with its relative time. */
export function RecentActivityList({
  items,
  now = Date.now(),
}: {
  readonly items: readonly RecentActivity[];
  readonly now?: number;
}) {
  if (items.length === 0) {
    return (
      <EmptyState title={dashboardEmpty.activity}>
        <Text color="fg.muted" fontSize="sm">
          Finish a module or a quiz and it shows up here.
        </Text>
      </EmptyState>
    );
  }
  return (
    <List.Root as="ul" listStyle="none" gap="3" m="0" p="0" aria-label="Recent activity">
      {items.map((item) => {
        const marker = activityMarker[item.kind];
        return (
          <List.Item
            key={`${item.kind}-${item.at}-${item.title}`}
            data-testid="activity-item"
            display="flex"
            gap="3"
            alignItems="flex-start"
          >
            <Badge
              colorPalette={marker.palette}
              variant="subtle"
              flexShrink={0}
              mt="0.5"
              minW="14"
              justifyContent="center"
            >
              {marker.text}
            </Badge>
            <Box minW="0">
              <Text fontSize="sm">{item.title}</Text>
              <Text fontSize="xs" color="fg.muted">
                <time dateTime={item.at} title={formatDate(item.at)}>
                  {relativeTime(item.at, now)}
                </time>
              </Text>
            </Box>
          </List.Item>
        );
      })}
    </List.Root>
  );
}

const experienceText: Record<string, string> = {
  beginner: 'Beginner (0-1 years)',
  intermediate: 'Intermediate (1-3 years)',
  advanced: 'Advanced (3+ years)',
};
const capitalised = (text: string) => `${text.slice(0, 1).toUpperCase()}${text.slice(1)}`;

/** Your Trading Style: the label, its description and what it is based on. */
export function TradingStyleSummary({ profile }: { readonly profile: TradingProfile | null }) {
  if (profile === null) {
    return (
      <Text color="fg.muted" fontSize="sm">
        Your trading style appears here once your risk assessment is on file.
      </Text>
    );
  }
  const { traderArchetype, experienceLevel, riskCapacity, investmentObjective } = profile.basedOn;
  const facts: { label: string; value: string }[] = [
    ...(experienceLevel === null
      ? []
      : [{ label: 'Experience', value: experienceText[experienceLevel] ?? capitalised(experienceLevel) }]),
    ...(investmentObjective === null
      ? []
      : [{ label: 'Objective', value: capitalised(investmentObjective) }]),
    ...(riskCapacity === null ? [] : [{ label: 'Risk capacity', value: `${riskCapacity} of 10` }]),
    ...(traderArchetype === null ? [] : [{ label: 'Archetype', value: traderArchetype }]),
  ];
  return (
    <Stack gap="3" data-testid="trading-style">
      <Heading as="h3" fontSize="xl" textStyle="subtitle" color="brand.300">
        {profile.style}
      </Heading>
      {profile.description ? <Text fontSize="sm">{profile.description}</Text> : null}
      {facts.length > 0 ? (
        <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="1" fontSize="sm">
          {facts.map((fact) => (
            <Box key={fact.label} display="contents">
              <Box as="dt" color="fg.muted">
                {fact.label}
              </Box>
              <Box as="dd" m="0">
                {fact.value}
              </Box>
            </Box>
          ))}
        </Box>
      ) : null}
      <Text fontSize="xs" color="fg.muted">
        A description of how you see yourself, for learning; not a recommendation to trade.
      </Text>
    </Stack>
  );
}

/** Recommended Next Steps: links to where each step happens. */
export function Recommendations({ steps }: { readonly steps: readonly Recommendation[] }) {
  if (steps.length === 0) {
    return (
      <EmptyState title={dashboardEmpty.recommendations}>
        <Text color="fg.muted" fontSize="sm">
          You have done everything we can suggest for now. Review any module whenever you like.
        </Text>
      </EmptyState>
    );
  }
  return (
    <List.Root as="ul" listStyle="none" gap="2" m="0" p="0" aria-label="Recommended next steps">
      {steps.map((step) => (
        <List.Item key={`${step.kind}-${step.title}`} display="block">
          <Link
            asChild
            display="flex"
            alignItems="center"
            gap="3"
            p="3"
            rounded="lg"
            borderWidth="1px"
            borderColor="border"
            bg="bg.muted"
            color="fg"
            textDecoration="none"
            _hover={{ borderColor: 'brand.400', textDecoration: 'none' }}
            data-testid="recommendation"
          >
            <RouterLink to={step.href}>
              <Box flex="1" minW="0">
                <Text fontWeight="semibold" fontSize="sm">
                  {step.title}
                </Text>
                {step.description ? (
                  <Text fontSize="xs" color="fg.muted">
                    {step.description}
                  </Text>
                ) : null}
              </Box>
              <HStack aria-hidden="true" color="brand.300" fontSize="lg">
                <span>→</span>
              </HStack>
            </RouterLink>
          </Link>
        </List.Item>
      ))}
    </List.Root>
  );
}
