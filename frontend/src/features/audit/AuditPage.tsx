/**
 * /audit, for compliance auditors (role auditor or admin): find a learner, replay their compliance history
 * from the event log as of any time with the evidence of each entry and the hash-chain verification,
 * export it, and read the coverage of every document version. The chosen learner and time live in the
 * address (?learner=…&asOf=…), so a view can be reloaded or shared with another auditor.
 */
import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { LearnerSummary } from '@tickwise/contracts';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../app/use-page-title';
import { CoveragePanel } from './CoveragePanel';
import { HistoryPanel } from './HistoryPanel';
import { LearnerSearch } from './LearnerSearch';
import { fromUtcInputValue } from './time';

/** The as-of time of the address, when it is a real time. */
const asOfParam = (value: string | null): string | null => {
  if (value === null) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? fromUtcInputValue(value) : new Date(time).toISOString();
};

export function AuditPage() {
  usePageTitle('Compliance audit');
  const [params, setParams] = useSearchParams();
  const learnerId = params.get('learner');
  const asOf = asOfParam(params.get('asOf'));

  const select = useCallback(
    (learner: LearnerSummary) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('learner', learner.id);
        return next;
      }),
    [setParams],
  );
  const changeAsOf = useCallback(
    (value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === null) next.delete('asOf');
          else next.set('asOf', value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" textStyle="pageTitle">
            Compliance audit
          </Heading>
          <Text color="fg.muted" maxW="3xl">
            Histories are replayed from the event log itself and every stream they rest on is re-hashed. All
            times are UTC. Every read on this page is itself recorded in the audit log.
          </Text>
        </Stack>
        <LearnerSearch selectedId={learnerId} onSelect={select} />
        {learnerId === null ? null : (
          <HistoryPanel key={learnerId} learnerId={learnerId} asOf={asOf} onAsOfChange={changeAsOf} />
        )}
        <CoveragePanel />
      </Stack>
    </Container>
  );
}
