/** The item analysis plot's markers: colour by reading, a diamond to review, hollow for a lesson check. */
import { HStack, List, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { type ItemFlag, itemFlagLabels, needsReview } from './charts';

export const flagColors: Readonly<Record<ItemFlag, string>> = {
  ok: '#4ade80',
  'too-easy': '#60a5fa',
  'too-hard': '#fbbf24',
  weak: '#fb923c',
  negative: '#f87171',
  'no-data': '#8b9ab3',
};

interface MarkerProps {
  readonly x: number;
  readonly y: number;
  readonly flag: ItemFlag;
  /** A lesson check: drawn hollow, apart from the quiz's questions. */
  readonly hollow?: boolean;
}

export function Marker({ x, y, flag, hollow = false }: MarkerProps) {
  const color = flagColors[flag];
  const paint = hollow
    ? { fill: 'none', stroke: color, strokeWidth: 2 }
    : { fill: color, fillOpacity: needsReview(flag) ? 0.9 : 0.85 };
  // Questions to review are diamonds, so the plot does not rest on colour alone.
  return needsReview(flag) ? (
    <rect x={x - 5} y={y - 5} width="10" height="10" transform={`rotate(45 ${x} ${y})`} {...paint} />
  ) : (
    <circle cx={x} cy={y} r="5.5" {...paint} />
  );
}

function LegendEntry({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <List.Item>
      <HStack gap="1.5" fontSize="xs">
        <svg width="16" height="16" aria-hidden="true">
          {children}
        </svg>
        <Text>{label}</Text>
      </HStack>
    </List.Item>
  );
}

/** The legend of the readings on the plot, and of the hollow lesson checks when any is plotted. */
export function ItemLegend({
  flags,
  checks,
}: {
  readonly flags: readonly ItemFlag[];
  readonly checks: boolean;
}) {
  if (flags.length === 0 && !checks) return null;
  return (
    <List.Root listStyle="none" ps="0" display="flex" flexWrap="wrap" gap="3" mt="1" aria-label="Legend">
      {flags.map((flag) => (
        <LegendEntry key={flag} label={itemFlagLabels[flag]}>
          <Marker x={8} y={8} flag={flag} />
        </LegendEntry>
      ))}
      {checks ? (
        <LegendEntry label="Lesson check (hollow)">
          <Marker x={8} y={8} flag="no-data" hollow />
        </LegendEntry>
      ) : null}
    </List.Root>
  );
}
