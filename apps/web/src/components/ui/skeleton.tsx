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
