import { useId } from 'react';
import { cn } from '@/lib/cn';

/** 1 to 5 stars as a radio group: arrow keys move between stars, each is labelled "N stars". */
export function StarRatingInput({
  legend,
  value,
  onChange,
  error,
}: {
  legend: string;
  value: number | null;
  onChange: (stars: number) => void;
  error?: string;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className="grid gap-1.5" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label
            key={stars}
            className="cursor-pointer rounded-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className="sr-only"
            />
            <span
              aria-hidden
              className={cn(
                'block text-3xl leading-none transition-colors',
                value !== null && stars <= value ? 'text-amber-500' : 'text-slate-400',
              )}
            >
              ★
            </span>
            <span className="sr-only">
              {stars} {stars === 1 ? 'star' : 'stars'}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-[0.8125rem] font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
