/**
 * The account balance day by day against the maintenance line, as a small SVG line chart. The day table
 * beside it carries the same figures for screen readers; the chart itself is described in one sentence.
 */
import { Box } from '@chakra-ui/react';
import type { SimulatedDay } from '@tickwise/contracts';
import { money } from '@tickwise/contracts/calculator';

const WIDTH = 600;
const HEIGHT = 220;
const PAD = { left: 12, right: 12, top: 14, bottom: 22 };

export function BalanceChart({
  start,
  days,
}: {
  readonly start: number;
  readonly days: readonly SimulatedDay[];
}) {
  const balances = [start, ...days.map((d) => d.balance)];
  const lines = days.map((d) => d.maintenance);
  const all = [...balances, ...lines];
  const low = Math.min(...all);
  const high = Math.max(...all);
  const span = high - low || 1;
  const count = Math.max(balances.length - 1, 1);
  const x = (i: number) => PAD.left + (i / count) * (WIDTH - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - (v - low) / span) * (HEIGHT - PAD.top - PAD.bottom);
  const balancePath = balances
    .map((v, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(v).toFixed(1)}`)
    .join(' ');
  const maintenancePath = days
    .map(
      (d, i) =>
        `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(d.maintenance).toFixed(1)} L${x(i + 1).toFixed(1)},${y(d.maintenance).toFixed(1)}`,
    )
    .join(' ');
  const last = days.at(-1);
  const summary = last
    ? `Balance from ${money(start)} to ${money(last.balance)} over ${days.length} day${days.length === 1 ? '' : 's'}; the maintenance line is ${money(last.maintenance)}.`
    : `Balance ${money(start)} before the first day.`;
  return (
    <Box layerStyle="panel" p="3" data-testid="balance-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={summary}>
        <title>{summary}</title>
        <path d={maintenancePath} fill="none" stroke="#f59e0b" strokeWidth="2" strokeDasharray="6 4" />
        <path d={balancePath} fill="none" stroke="#22d3ee" strokeWidth="3" />
        {balances.map((v, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one point per day, in order
          <circle key={i} cx={x(i)} cy={y(v)} r="3.5" fill="#22d3ee" />
        ))}
      </svg>
      <Box display="flex" gap="4" fontSize="sm" color="fg.muted" mt="1" aria-hidden>
        <span>━ balance</span>
        <span style={{ color: '#f59e0b' }}>╍ maintenance line</span>
      </Box>
    </Box>
  );
}
