import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMonth } from './impact-format';

export type Point = { month: string; value: number };

/** The bars themselves (recharts), sized by their container; ImpactBarChart adds the title and the table. */
export function ImpactBarsDrawing({
  title,
  points,
  format,
  axisFormat,
  color,
}: {
  title: string;
  points: Point[];
  format: (value: number) => string;
  axisFormat: (value: number) => string;
  color: string;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={points} margin={{ top: 4, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="var(--color-border, #e2e8f0)" />
        <XAxis
          dataKey="month"
          tickFormatter={(m: string) => formatMonth(m, 'short')}
          tickLine={false}
          axisLine={false}
          interval="preserveStartEnd"
          fontSize={12}
          stroke="#475569"
        />
        <YAxis
          tickFormatter={(v: number) => axisFormat(v)}
          tickLine={false}
          axisLine={false}
          width={76}
          fontSize={12}
          stroke="#475569"
        />
        <Tooltip
          formatter={(v) => [format(Number(v)), title]}
          labelFormatter={(m) => formatMonth(String(m))}
          cursor={{ fill: 'rgba(15, 118, 110, 0.08)' }}
        />
        <Bar dataKey="value" fill={color} radius={[3, 3, 0, 0]} maxBarSize={28} />
      </BarChart>
    </ResponsiveContainer>
  );
}
