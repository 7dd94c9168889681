import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** The unread figure as a small red pill; `className` places it (on the icon, or at the row's end). */
export function UnreadBadge({ value, className, ...props }: ComponentProps<'span'> & { value: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'tabular inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-5 font-semibold text-destructive-foreground',
        className,
      )}
      {...props}
    >
      {value}
    </span>
  );
}
