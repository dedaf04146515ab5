import { Box, HStack, List, Text } from '@chakra-ui/react';
import type { QuizItemAnalytics } from '@tickwise/contracts';
import { useId } from 'react';
import {
  ITEM_THRESHOLDS,
  type ItemFlag,
  itemFlag,
  itemFlagLabels,
  itemPlotSummary,
  linearScale,
  needsReview,
  plottableItems,
  ticks,
} from './charts';
import { formatIndex, formatPercent } from './format';

const W = 640;
const H = 360;
const M = { top: 16, right: 20, bottom: 52, left: 76 };

export const flagColors: Readonly<Record<ItemFlag, string>> = {
  ok: '#4ade80',
  'too-easy': '#60a5fa',
  'too-hard': '#fbbf24',
  weak: '#fb923c',
  negative: '#f87171',
  'no-data': '#8b9ab3',
};

const text = '#a9b6cb';
const grid = 'var(--chakra-colors-ink-700)';

function Marker({ x, y, flag }: { readonly x: number; readonly y: number; readonly flag: ItemFlag }) {
  const color = flagColors[flag];
  // Questions to review are diamonds, so the plot does not rest on colour alone.
  return needsReview(flag) ? (
    <rect
      x={x - 5}
      y={y - 5}
      width="10"
      height="10"
      transform={`rotate(45 ${x} ${y})`}
      fill={color}
      fillOpacity="0.9"
    />
  ) : (
    <circle cx={x} cy={y} r="5.5" fill={color} fillOpacity="0.85" />
  );
}

/**
 * Item analysis: every question with enough data at (facility, discrimination). The shaded area is where
 * good questions sit (facility 30-90%, discrimination at least 0.20). The plot's text alternative sums it
 * up; the exact numbers are in the table beside it.
 */
export function ItemScatter({ items }: { readonly items: readonly QuizItemAnalytics[] }) {
  const id = useId();
  const plotted = plottableItems(items);
  const x = linearScale(0, 1, M.left, W - M.right);
  const y = linearScale(-1, 1, H - M.bottom, M.top);
  const flagsShown = [...new Set(plotted.map((i) => itemFlag(i)))];

  return (
    <Box as="figure" m="0" maxW="3xl">
      <svg
        data-testid="item-analysis-chart"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${W} ${H}`}
        style={{ width: '100%', height: 'auto', maxHeight: 420, display: 'block' }}
      >
        <title id={`${id}-title`}>Quiz item analysis: facility against discrimination</title>
        <desc id={`${id}-desc`}>{itemPlotSummary(items)}</desc>
        <rect
          x={x(ITEM_THRESHOLDS.hard)}
          y={y(1)}
          width={x(ITEM_THRESHOLDS.easy) - x(ITEM_THRESHOLDS.hard)}
          height={y(ITEM_THRESHOLDS.weak) - y(1)}
          fill="var(--chakra-colors-brand-950)"
          opacity="0.8"
        />
        {ticks(0, 1, 0.2).map((t) => (
          <g key={`x${t}`}>
            <line x1={x(t)} x2={x(t)} y1={M.top} y2={H - M.bottom} stroke={grid} />
            <text x={x(t)} y={H - M.bottom + 20} textAnchor="middle" fontSize="13" fill={text}>
              {formatPercent(t)}
            </text>
          </g>
        ))}
        {ticks(-1, 1, 0.5).map((t) => (
          <g key={`y${t}`}>
            <line
              x1={M.left}
              x2={W - M.right}
              y1={y(t)}
              y2={y(t)}
              stroke={grid}
              strokeDasharray={t === 0 ? undefined : '3 3'}
              strokeWidth={t === 0 ? 1.5 : 1}
            />
            <text x={M.left - 8} y={y(t)} dy="0.32em" textAnchor="end" fontSize="13" fill={text}>
              {formatIndex(t)}
            </text>
          </g>
        ))}
        <text x={(M.left + W - M.right) / 2} y={H - 10} textAnchor="middle" fontSize="14" fill={text}>
          Facility (share correct on first attempts)
        </text>
        <text
          transform={`translate(18 ${(M.top + H - M.bottom) / 2}) rotate(-90)`}
          textAnchor="middle"
          fontSize="14"
          fill={text}
        >
          Discrimination
        </text>
        {plotted.map((item) => (
          <g key={item.questionId}>
            <title>{`Module ${item.moduleId}, question ${item.questionId}: facility ${formatPercent(
              item.facility,
            )}, discrimination ${formatIndex(item.discrimination)}`}</title>
            <Marker x={x(item.facility)} y={y(item.discrimination)} flag={itemFlag(item)} />
          </g>
        ))}
      </svg>
      <Box as="figcaption" mt="2">
        <Text fontSize="xs" color="fg.muted">
          Shaded: facility 30–90% and discrimination 0.20 or more. Diamonds need a look.
        </Text>
        {flagsShown.length === 0 ? null : (
          <List.Root
            listStyle="none"
            ps="0"
            display="flex"
            flexWrap="wrap"
            gap="3"
            mt="1"
            aria-label="Legend"
          >
            {flagsShown.map((flag) => (
              <List.Item key={flag}>
                <HStack gap="1.5" fontSize="xs">
                  <svg width="16" height="16" aria-hidden="true">
                    <Marker x={8} y={8} flag={flag} />
                  </svg>
                  <Text>{itemFlagLabels[flag]}</Text>
                </HStack>
              </List.Item>
            ))}
          </List.Root>
        )}
      </Box>
    </Box>
  );
}
