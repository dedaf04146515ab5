import { Badge, Button, Progress, Stack, Text } from '@chakra-ui/react';
import type { ProjectionState, ProjectionStatus } from '@tickwise/contracts';
import { useEffect, useState } from 'react';
import { api } from '../../api/api';
import { useAppDispatch } from '../../app/store';
import { type DataColumn, DataTable } from '../../components/DataTable';
import { errorText } from '../../session/errors';
import { useProjectionsQuery, useRebuildProjectionMutation } from './analytics-api';
import { formatClock, formatCount, formatEta, formatRate } from './format';
import { isRebuilding, observe, POLL_MS, rebuildFraction, shouldPoll, type Watches } from './rebuild-watch';
import { ReadState, Section, tableCaption } from './ui';

const stateBadges: Readonly<Record<ProjectionState, { readonly label: string; readonly palette: string }>> = {
  live: { label: 'Live', palette: 'green' },
  rebuilding: { label: 'Rebuilding', palette: 'blue' },
  stalled: { label: 'Stalled', palette: 'red' },
  catching_up: { label: 'Catching up', palette: 'orange' },
  stopped: { label: 'Stopped', palette: 'gray' },
  failed: { label: 'Failed', palette: 'red' },
};

/**
 * Projections as an operation: each read model's version, checkpoint, lag and state, a Rebuild button per
 * projection, and the progress of a running rebuild (events/s, ETA), polled every 500 ms while it runs.
 * The current version keeps serving until the new one has caught up; then the screen shows it live again
 * and reloads the analytics, now answered by the rebuilt version.
 */
export function ProjectionsPanel() {
  const dispatch = useAppDispatch();
  const [watches, setWatches] = useState<Watches>({});
  const [finishedAt, setFinishedAt] = useState<Readonly<Record<string, string>>>({});
  const [failures, setFailures] = useState<Readonly<Record<string, string>>>({});
  const [announcement, setAnnouncement] = useState('');
  const [requesting, setRequesting] = useState<string | null>(null);
  const [polling, setPolling] = useState(false);
  const query = useProjectionsQuery(undefined, { pollingInterval: polling ? POLL_MS : 0 });
  const [rebuild] = useRebuildProjectionMutation();
  const { data, fulfilledTimeStamp } = query;

  useEffect(() => {
    setPolling(shouldPoll(data, watches));
  }, [data, watches]);

  useEffect(() => {
    if (data === undefined || fulfilledTimeStamp === undefined) return;
    const seen = observe(watches, data, fulfilledTimeStamp);
    if (seen.watches !== watches) setWatches(seen.watches);
    if (seen.finished.length > 0) {
      const at = new Date(fulfilledTimeStamp).toISOString();
      setFinishedAt((current) => ({ ...current, ...Object.fromEntries(seen.finished.map((n) => [n, at])) }));
      setAnnouncement(`Rebuild of ${seen.finished.join(', ')} finished: live again.`);
      // The analytics are now answered by the rebuilt version.
      dispatch(api.util.invalidateTags(['Analytics']));
    }
  }, [data, fulfilledTimeStamp, watches, dispatch]);

  const start = async (name: string) => {
    setRequesting(name);
    setFailures(({ [name]: _, ...rest }) => rest);
    try {
      const started = await rebuild(name).unwrap();
      setWatches((current) => ({ ...current, [name]: { requestedAt: Date.now(), seenRunning: false } }));
      setFinishedAt(({ [name]: _, ...rest }) => rest);
      setAnnouncement(`Rebuild of ${name} to version ${started.targetVersion} started.`);
    } catch (error) {
      const message = errorText(error, 'The rebuild could not be started.');
      setFailures((current) => ({ ...current, [name]: message }));
      setAnnouncement(`Rebuild of ${name} not started: ${message}`);
    } finally {
      setRequesting(null);
    }
  };

  return (
    <Section
      id="projections"
      title="Projections"
      intro="Read models built from the whole event history. A rebuild replays the log into a new version while the current one keeps serving, then switches over."
    >
      <Text role="status" fontSize="sm" color="fg.muted" data-testid="rebuild-announcement" minH="5">
        {announcement}
      </Text>
      <ReadState what="the projections" data={data} error={query.error} onRetry={() => void query.refetch()}>
        {(projections) => (
          <DataTable
            testId="projections-table"
            captionProps={tableCaption}
            caption={
              polling
                ? `Projection status, refreshed every ${POLL_MS / 1000} s while a rebuild runs`
                : 'Projection status'
            }
            columns={projectionColumns({ watches, finishedAt, failures, requesting, start })}
            rows={projections}
            rowKey={(p) => p.name}
            rowProps={(p) => ({ 'data-testid': `projection-${p.name}`, 'data-state': p.state })}
            empty="No projection reported."
          />
        )}
      </ReadState>
    </Section>
  );
}

interface RowState {
  readonly watches: Watches;
  readonly finishedAt: Readonly<Record<string, string>>;
  readonly failures: Readonly<Record<string, string>>;
  readonly requesting: string | null;
  readonly start: (name: string) => Promise<void>;
}

/**
 * The status table's columns. On a phone each projection is a card (DataTable), its Rebuild button under
 * its figures, never off-screen in a sideways scroller.
 */
function projectionColumns(state: RowState): readonly DataColumn<ProjectionStatus>[] {
  return [
    {
      header: 'Projection',
      rowHeader: true,
      cell: (p) => p.name,
      cellProps: { fontWeight: 'semibold', fontFamily: 'mono', fontSize: 'sm' },
    },
    { header: 'Version', numeric: true, cell: (p) => p.version },
    {
      header: 'Checkpoint',
      numeric: true,
      cell: (p) => p.checkpoint ?? '—',
      cellProps: { fontFamily: 'mono', fontSize: 'xs' },
    },
    {
      header: 'Lag (events)',
      numeric: true,
      cell: (p) => formatCount(p.lag),
      cellProps: { fontVariantNumeric: 'tabular-nums' },
    },
    {
      header: 'State',
      cell: (p) => (
        <Badge variant="subtle" colorPalette={stateBadges[p.state].palette} data-testid="projection-state">
          {stateBadges[p.state].label}
        </Badge>
      ),
    },
    {
      header: 'Rebuild',
      headerProps: { minW: '64' },
      cell: (p) => (
        <RebuildCell
          projection={p}
          watched={state.watches[p.name] !== undefined}
          finishedAt={state.finishedAt[p.name] ?? null}
          failure={state.failures[p.name] ?? null}
        />
      ),
    },
    {
      header: 'Action',
      action: true,
      cell: (p) => {
        const requesting = state.requesting === p.name;
        return (
          <Button
            size="xs"
            variant="outline"
            aria-label={`Rebuild ${p.name}`}
            loading={requesting}
            disabled={isRebuilding(p) || state.watches[p.name] !== undefined || requesting}
            onClick={() => void state.start(p.name)}
          >
            Rebuild
          </Button>
        );
      },
    },
  ];
}

interface RebuildCellProps {
  readonly projection: ProjectionStatus;
  readonly watched: boolean;
  readonly finishedAt: string | null;
  readonly failure: string | null;
}

function RebuildCell({ projection: p, watched, finishedAt, failure }: RebuildCellProps) {
  if (failure !== null) {
    return (
      <Text fontSize="xs" color="red.300" role="alert">
        {failure}
      </Text>
    );
  }
  const rebuild = p.rebuild;
  if (rebuild?.stalledSince !== undefined) {
    // Its heartbeat stopped (the process running it was killed or is stuck): the lease still holds the
    // projection, so a new rebuild waits until it ends; the current version keeps serving meanwhile.
    return (
      <Stack gap="1" data-testid="rebuild-stalled">
        <Text fontSize="xs" color="red.300">
          {`Rebuild to version ${rebuild.targetVersion} stalled at ${formatCount(rebuild.processed)} of ${formatCount(
            rebuild.total,
          )} events: no heartbeat since ${formatClock(rebuild.stalledSince)}.`}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {rebuild.leaseEndsAt === undefined
            ? 'It can be rebuilt again once its lease ends.'
            : `It can be rebuilt again after ${formatClock(rebuild.leaseEndsAt)}, when its lease ends.`}
        </Text>
      </Stack>
    );
  }
  if (rebuild !== null || watched) {
    const fraction = rebuild === null ? null : rebuildFraction(rebuild);
    const percent = fraction === null ? null : Math.round(fraction * 1000) / 10;
    const detail =
      rebuild === null
        ? 'Starting…'
        : `${formatCount(rebuild.processed)} of ${formatCount(rebuild.total)} events · ${formatRate(
            rebuild.eventsPerSecond,
          )} · ETA ${formatEta(rebuild.etaSeconds)}`;
    return (
      <Stack gap="1" data-testid="rebuild-progress">
        <Progress.Root value={percent} size="sm" colorPalette="brand" max={100}>
          <Progress.Track
            aria-label={`Rebuild of ${p.name}`}
            aria-valuetext={percent === null ? 'starting' : `${percent}%, ${detail}`}
          >
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
          {rebuild === null
            ? detail
            : `To version ${rebuild.targetVersion}: ${percent === null ? '…' : `${percent}%`} · ${detail}`}
        </Text>
      </Stack>
    );
  }
  if (finishedAt !== null) {
    return (
      <Text fontSize="xs" color="green.300" data-testid="rebuild-finished">
        {`Rebuilt · live since ${formatClock(finishedAt)}`}
      </Text>
    );
  }
  return (
    <Text fontSize="xs" color="fg.muted">
      —
    </Text>
  );
}
