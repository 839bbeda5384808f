import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ChartProps, ChartRow } from './Chart';

/**
 * The kit's chart colors, dark enough on white for a bar or a line (3:1 at least) and told apart without red-green
 * pairs; a series is also named in the legend and the table, so no color carries meaning alone.
 */
export const CHART_COLORS = ['#2f3fb8', '#9a5b00', '#14703f', '#6a3db3', '#c2283a', '#0b6e80', '#4a4f6e'];

export default function ChartDrawing({ rows, x, series, target, height }: ChartProps) {
  const right = series.some((s) => s.rightAxis) || target?.rightAxis;
  return (
    <ResponsiveContainer width="100%" height={height}>
      {/* Not focusable: the drawing is hidden from screen readers, and its figures are in the table beside it. */}
      <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="#dfe2ee" vertical={false} />
        <XAxis
          dataKey={x.key}
          tickFormatter={x.format ? (value) => x.format!(value as ChartRow[string]) : undefined}
          tick={{ fontSize: 12, fill: '#4a4f6e' }}
          minTickGap={12}
        />
        <YAxis yAxisId="left" allowDecimals={false} tick={{ fontSize: 12, fill: '#4a4f6e' }} width={40} />
        {right ? (
          <YAxis
            yAxisId="right"
            orientation="right"
            domain={[0, 100]}
            tick={{ fontSize: 12, fill: '#4a4f6e' }}
            width={40}
            unit="%"
          />
        ) : null}
        <Tooltip labelFormatter={x.format ? (value) => x.format!(value as ChartRow[string]) : undefined} />
        <Legend wrapperStyle={{ fontSize: 13 }} />
        {series.map((s, i) => {
          const color = CHART_COLORS[(s.color ?? i) % CHART_COLORS.length];
          const axis = s.rightAxis ? 'right' : 'left';
          return s.kind === 'line' ? (
            <Line
              key={s.key}
              yAxisId={axis}
              dataKey={s.key}
              name={s.label}
              unit={s.unit}
              stroke={color}
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls
              isAnimationActive={false}
            />
          ) : (
            <Bar
              key={s.key}
              yAxisId={axis}
              dataKey={s.key}
              name={s.label}
              unit={s.unit}
              fill={color}
              stackId={s.stack}
              maxBarSize={36}
              isAnimationActive={false}
            />
          );
        })}
        {target ? (
          <ReferenceLine
            yAxisId={target.rightAxis ? 'right' : 'left'}
            y={target.value}
            stroke="#c2283a"
            strokeDasharray="6 4"
            label={{ value: target.label, position: 'insideTopRight', fontSize: 12, fill: '#c2283a' }}
          />
        ) : null}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
