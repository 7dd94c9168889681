import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMonth } from './impact-format';

type Point = { month: string; value: number };

/**
 * A bar chart by month with its figures as a table for screen readers (the drawing is hidden from
 * them: it says nothing the table does not).
 */
export function ImpactBarChart({
  title,
  points,
  format,
  axisFormat = format,
  color = 'var(--color-primary)',
  emptyText,
}: {
  title: string;
  points: Point[];
  format: (value: number) => string;
  /** Shorter tick labels (the title names the unit). */
  axisFormat?: (value: number) => string;
  color?: string;
  /** Shown instead of an empty drawing when every month is zero. */
  emptyText?: string;
}) {
  const titleId = useId();
  const empty = emptyText !== undefined && points.every((p) => p.value === 0);
  return (
    <figure aria-labelledby={titleId} className="grid gap-2">
      <figcaption id={titleId} className="text-sm font-medium">
        {title}
      </figcaption>
      {empty ? (
        <p className="flex h-44 items-center justify-center rounded-lg border border-dashed bg-surface px-6 text-center text-sm text-muted-foreground">
          {emptyText}
        </p>
      ) : (
        <div aria-hidden="true" className="h-44 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={points}
              margin={{ top: 4, right: 4, bottom: 0, left: 0 }}
              accessibilityLayer={false}
            >
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
        </div>
      )}
      <table className="sr-only">
        <caption>{title}, by month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">{title}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.month}>
              <th scope="row">{formatMonth(p.month)}</th>
              <td>{format(p.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
