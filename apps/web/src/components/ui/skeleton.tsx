import { type ComponentProps, Fragment, type ReactNode } from 'react';
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
  /** The list's layout (default a grid with 8 px gaps). */
  className?: string;
  /**
   * What is loading, for screen readers ("Loading users"): the name of the status region, or with
   * `labelAsText` a visually hidden line inside a busy region; `null` for placeholders that announce
   * nothing (the region around them already does).
   */
  label?: string | null;
  labelAsText?: boolean;
  /** Placeholders before the rows (a count line above a list). */
  children?: ReactNode;
  /** Each placeholder when it is more than one bar (a card's shape); `i` counts from 0. */
  renderItem?: (i: number) => ReactNode;
  /** `ul` when the loaded content is a list of cards, so the grid's styles apply alike. */
  as?: 'div' | 'ul';
};

/** A list that is loading: `rows` placeholders of one shape, announced once. */
export function ListSkeleton({
  rows = 4,
  itemClassName = 'h-10 w-full',
  className = 'grid gap-2',
  label = 'Loading',
  labelAsText = false,
  children,
  renderItem,
  as = 'div',
}: ListSkeletonProps) {
  const items = Array.from({ length: rows }, (_, i) =>
    as === 'ul' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
      <li key={i}>{renderItem ? renderItem(i) : <Skeleton className={itemClassName} />}</li>
    ) : renderItem ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
      <Fragment key={i}>{renderItem(i)}</Fragment>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
      <Skeleton key={i} className={itemClassName} />
    ),
  );
  if (label === null)
    return (
      <div className={className} aria-hidden>
        {children}
        {items}
      </div>
    );
  if (labelAsText && as === 'ul')
    // A card grid: the status line sits above the list, which keeps the loaded grid's markup.
    return (
      <div aria-busy="true">
        <p className="sr-only" role="status">
          {label}
        </p>
        <ul className={className}>{items}</ul>
      </div>
    );
  if (labelAsText)
    return (
      <div className={className} aria-busy="true">
        <span className="sr-only">{label}</span>
        {children}
        {items}
      </div>
    );
  return (
    <div className={className} role="status" aria-busy="true" aria-label={label}>
      {children}
      {items}
    </div>
  );
}
