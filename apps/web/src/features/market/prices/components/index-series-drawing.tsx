import { INDEX_SOURCE_LABELS } from '@app/shared/market/price-index';
import type { IndexSeriesPoint } from '@app/shared/market/price-index.schemas';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatIndexDay, formatIndexPrice } from './index-format';

/** The index line itself (recharts), sized by its container; IndexSeriesChart says the same in words. */
export function IndexSeriesDrawing({ points }: { points: IndexSeriesPoint[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="var(--color-border, #e2e8f0)" />
        <XAxis
          dataKey="day"
          tickFormatter={(d: string) => formatIndexDay(d)}
          tickLine={false}
          axisLine={false}
          minTickGap={24}
          fontSize={12}
          stroke="#475569"
        />
        <YAxis
          tickFormatter={(v: number) => formatIndexPrice(v)}
          tickLine={false}
          axisLine={false}
          width={84}
          fontSize={12}
          stroke="#475569"
          // 5% of room either side: a flat series still gets distinct ticks, a moving one its shape.
          domain={[(min: number) => Math.floor(min * 0.95), (max: number) => Math.ceil(max * 1.05)]}
          allowDecimals={false}
        />
        <Tooltip
          formatter={(v, _name, item) => [
            `${formatIndexPrice(Number(v))} · ${INDEX_SOURCE_LABELS[(item.payload as IndexSeriesPoint).source]}`,
            'Index',
          ]}
          labelFormatter={(d) => formatIndexDay(String(d), true)}
        />
        <Line
          type="monotone"
          dataKey="priceCentsPerTonne"
          stroke="var(--color-primary)"
          strokeWidth={2}
          dot={points.length <= 31}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
