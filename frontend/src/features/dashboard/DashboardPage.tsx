/**
 * The learner dashboard (/ and /dashboard for compliant users): the four stat cards, course
 * progress by module, the latest psychology result, recent activity, the trading style and the recommended
 * next steps. Each card loads on its own and says when it cannot.
 */
import { Box, Button, Container, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../app/use-page-title';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { useSession } from '../../session/use-session';
import { CertificatesCard } from '../certificates/CertificatesCard';
import { useLatestPsychologyResultQuery } from '../psychology/psychology-api';
import { ReviewSummary } from '../review/ReviewSummary';
import {
  ModuleProgressBars,
  PsychologySummary,
  RecentActivityList,
  Recommendations,
  TradingStyleSummary,
} from './cards';
import { DashboardCard, LoadError, QueryView } from './DashboardCard';
import { useDashboardQuery, useTradingProfileQuery } from './dashboard-api';
import { StatCards } from './StatCards';

export function DashboardPage() {
  usePageTitle('Trading Dashboard');
  const { user } = useSession();
  const dashboard = useDashboardQuery();
  const latest = useLatestPsychologyResultQuery();
  const profile = useTradingProfileQuery();
  const name = user?.firstName || null;

  return (
    <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Flex justify="space-between" align={{ base: 'flex-start', md: 'flex-end' }} gap="4" wrap="wrap">
          <Box>
            <Heading as="h1" textStyle="pageTitle">
              Trading Dashboard
            </Heading>
            <Text color="fg.muted" mt="1">
              {name ? `Welcome back, ${name}. ` : ''}Here is where you stand and what to do next.
            </Text>
          </Box>
          <Flex gap="3" wrap="wrap">
            <Button asChild>
              <RouterLink to="/course">Continue Learning</RouterLink>
            </Button>
            <Button asChild variant="outline">
              <RouterLink to="/trading-psychology-assessment">Trading Psychology Assessment</RouterLink>
            </Button>
          </Flex>
        </Flex>

        {dashboard.data !== undefined ? (
          <StatCards dashboard={dashboard.data} />
        ) : dashboard.error !== undefined ? (
          <LoadError what="your progress" error={dashboard.error} onRetry={dashboard.refetch} />
        ) : (
          <LoadingSpinner size="small" label="Loading your progress…" />
        )}

        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="6">
          <Stack gap="6" minW="0">
            <DashboardCard title="Course Progress by Module" testId="module-progress-card">
              <QueryView query={dashboard} what="module progress" onError="quiet">
                {(data) => <ModuleProgressBars modules={data.moduleProgress} />}
              </QueryView>
            </DashboardCard>
            <DashboardCard title="Trading Psychology Assessment Results" testId="psychology-card">
              <QueryView query={latest} what="your psychology results">
                {(result) => <PsychologySummary result={result} />}
              </QueryView>
            </DashboardCard>
          </Stack>
          <Stack gap="6" minW="0">
            <CertificatesCard />
            <DashboardCard title="Recent Activity" testId="activity-card">
              <QueryView query={dashboard} what="recent activity" onError="quiet">
                {(data) => <RecentActivityList items={data.recentActivity} />}
              </QueryView>
            </DashboardCard>
            <DashboardCard title="Your Trading Style" testId="trading-style-card">
              <QueryView query={profile} what="your trading style">
                {(style) => <TradingStyleSummary profile={style} />}
              </QueryView>
            </DashboardCard>
            <DashboardCard title="Review" testId="review-card">
              <ReviewSummary />
            </DashboardCard>
            <DashboardCard title="Practice Tools" testId="practice-tools-card">
              <Stack gap="3">
                <Text color="fg.muted" fontSize="sm">
                  Try the numbers before risking money. Educational only: pretend money and hypothetical
                  paths.
                </Text>
                <Flex gap="3" wrap="wrap">
                  <Button asChild size="sm" variant="outline">
                    <RouterLink to="/tools/calculator">Contract calculator</RouterLink>
                  </Button>
                  <Button asChild size="sm" variant="outline">
                    <RouterLink to="/practice/margin">Margin-call simulator</RouterLink>
                  </Button>
                </Flex>
              </Stack>
            </DashboardCard>
            <DashboardCard title="Recommended Next Steps" testId="recommendations-card">
              <QueryView query={dashboard} what="recommended next steps" onError="quiet">
                {(data) => <Recommendations steps={data.recommendations} />}
              </QueryView>
            </DashboardCard>
          </Stack>
        </Grid>
      </Stack>
    </Container>
  );
}
