import { useId } from 'react';
import { linearScale, shareOf, ticks } from './charts';
import { formatPercent } from './format';

export interface Column {
  readonly key: string;
  /** Short label under the column, e.g. '3'. */
  readonly label: string;
  /** 0-1. */
  readonly ratio: number;
  /** Read in the text alternative, e.g. 'Module 3, Margin: 4 of 5 completed, 80%'. */
  readonly description: string;
}

export interface ColumnChartProps {
  readonly title: string;
  readonly columns: readonly Column[];
  readonly xLabel: string;
  readonly testId?: string;
}

const W = 640;
const H = 260;
const M = { top: 24, right: 12, bottom: 44, left: 60 };

const colors = {
  bar: 'var(--chakra-colors-brand-400)',
  grid: 'var(--chakra-colors-ink-700)',
  text: '#a9b6cb',
};

/** A 0-100% column chart in SVG, with its title and a full text alternative (every column's value). */
export function ColumnChart({ title, columns, xLabel, testId }: ColumnChartProps) {
  const id = useId();
  const x = linearScale(0, Math.max(1, columns.length), M.left, W - M.right);
  const y = linearScale(0, 1, H - M.bottom, M.top);
  const band = (W - M.left - M.right) / Math.max(1, columns.length);
  const barWidth = Math.max(4, band * 0.62);

  return (
    <svg
      data-testid={testId}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${W} ${H}`}
      style={{ width: '100%', height: 'auto', maxHeight: 320, display: 'block' }}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{columns.map((c) => c.description).join('; ')}</desc>
      {ticks(0, 1, 0.25).map((t) => (
        <g key={t}>
          <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} stroke={colors.grid} strokeWidth="1" />
          <text x={M.left - 8} y={y(t)} dy="0.32em" textAnchor="end" fontSize="13" fill={colors.text}>
            {formatPercent(t)}
          </text>
        </g>
      ))}
      {columns.map((c, index) => {
        const cx = x(index) + band / 2;
        const top = y(shareOf(c.ratio, 1));
        return (
          <g key={c.key}>
            <rect
              x={cx - barWidth / 2}
              y={top}
              width={barWidth}
              height={Math.max(0, H - M.bottom - top)}
              rx="3"
              fill={colors.bar}
            />
            <text x={cx} y={top - 6} textAnchor="middle" fontSize="13" fill={colors.text}>
              {formatPercent(c.ratio)}
            </text>
            <text x={cx} y={H - M.bottom + 18} textAnchor="middle" fontSize="14" fill={colors.text}>
              {c.label}
            </text>
          </g>
        );
      })}
      <text x={(M.left + W - M.right) / 2} y={H - 6} textAnchor="middle" fontSize="14" fill={colors.text}>
        {xLabel}
      </text>
    </svg>
  );
}
