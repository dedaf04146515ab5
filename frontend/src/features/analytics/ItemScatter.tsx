import { Box, Text } from '@chakra-ui/react';
import type { QuizItemAnalytics } from '@tickwise/contracts';
import { useId } from 'react';
import { PHONE_WIDTH, useMediaQuery } from '../../components/use-media-query';
import {
  ITEM_THRESHOLDS,
  itemFlag,
  itemPlotSummary,
  itemSource,
  linearScale,
  plottableItems,
  ticks,
} from './charts';
import { formatIndex, formatPercent } from './format';
import { ItemLegend, Marker } from './ItemMarkers';

/**
 * The plot's drawing size. The SVG scales to its width, so on a phone it is drawn narrower instead of
 * shrunk: its 13-unit labels then still read at 11 px or more.
 */
const WIDE = { W: 640, H: 360 };
const NARROW = { W: 340, H: 300 };
const MARGIN = { top: 16, right: 20, bottom: 52, left: 76 };

const text = '#a9b6cb';
const grid = 'var(--chakra-colors-ink-700)';

/**
 * Item analysis: every question with enough data at (facility, discrimination). The shaded area is where
 * good questions sit (facility 30-90%, discrimination at least 0.20). The plot's text alternative sums it
 * up; the exact numbers are in the table beside it.
 */
export function ItemScatter({ items }: { readonly items: readonly QuizItemAnalytics[] }) {
  const id = useId();
  const plotted = plottableItems(items);
  const narrow = useMediaQuery(PHONE_WIDTH);
  const { W, H } = narrow ? NARROW : WIDE;
  // Room at the right for half of the '100%' tick label, which a phone's plot draws larger.
  const M = narrow ? { ...MARGIN, right: 28 } : MARGIN;
  // The axis title is wider than a phone's plot area: it is centred on the whole drawing there.
  const xTitleAt = narrow ? W / 2 : (M.left + W - M.right) / 2;
  const x = linearScale(0, 1, M.left, W - M.right);
  const y = linearScale(-1, 1, H - M.bottom, M.top);
  const flagsShown = [...new Set(plotted.map((i) => itemFlag(i)))];
  const checksShown = plotted.some((i) => i.kind === 'check');

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
        <text x={xTitleAt} y={H - 10} textAnchor="middle" fontSize="14" fill={text}>
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
          <g key={`${item.kind}-${item.questionId}`} data-kind={item.kind}>
            <title>{`${item.kind === 'check' ? 'Lesson check, ' : ''}${itemSource(item)}: facility ${formatPercent(
              item.facility,
            )}, discrimination ${formatIndex(item.discrimination)}`}</title>
            <Marker
              x={x(item.facility)}
              y={y(item.discrimination)}
              flag={itemFlag(item)}
              hollow={item.kind === 'check'}
            />
          </g>
        ))}
      </svg>
      <Box as="figcaption" mt="2">
        {plotted.length === 0 ? (
          // Said on the screen too, not only to screen readers: an empty plot otherwise looks broken.
          <Text fontSize="sm" mb="1" data-testid="item-plot-empty">
            {itemPlotSummary(items)}
          </Text>
        ) : null}
        <Text fontSize="xs" color="fg.muted">
          Shaded: facility 30–90% and discrimination 0.20 or more. Diamonds need a look.
        </Text>
        <ItemLegend flags={flagsShown} checks={checksShown} />
      </Box>
    </Box>
  );
}
