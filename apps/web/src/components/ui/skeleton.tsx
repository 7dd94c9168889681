import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A placeholder in the shape of the content that is loading; hidden from assistive technology. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-slate-200', className)} {...props} />;
}

/** The same placeholder inside running text (a price in a sentence): an inline span one line high. */
export function SkeletonText({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      aria-hidden
      className={cn('inline-block h-[1em] animate-pulse rounded bg-slate-200 align-[-0.125em]', className)}
      {...props}
    />
  );
}

type ListSkeletonProps = {
  /** How many placeholders (default 4). */
  rows?: number;
  /** Each placeholder's shape (default a 40 px bar, full width). */
  itemClassName?: string;
  className?: string;
  /** The loading announcement; `null` for a list whose region already announces it. */
  label?: string | null;
};

/** A list that is loading: `rows` placeholders in a grid, announced once as "Loading". */
export function ListSkeleton({
  rows = 4,
  itemClassName = 'h-10 w-full',
  className,
  label = 'Loading',
}: ListSkeletonProps) {
  return (
    <div
      className={cn('grid gap-2', className)}
      {...(label === null ? {} : { role: 'status', 'aria-busy': true, 'aria-label': label })}
    >
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className={itemClassName} />
      ))}
    </div>
  );
}
