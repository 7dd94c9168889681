import { type ComponentProps, Fragment, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A data table that scrolls sideways on narrow screens instead of squeezing its columns. */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be scrollable by keyboard
    <div tabIndex={0} className="w-full overflow-x-auto rounded-card border">
      <table className={cn('w-full caption-bottom border-collapse text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('bg-surface [&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('border-b transition-colors hover:bg-surface', className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      className={cn(
        'h-10 whitespace-nowrap px-4 text-left align-middle text-xs font-semibold uppercase tracking-wide text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

/** The header of a column of row buttons: named for screen readers, blank on screen. */
export function TableActionsHead(props: ComponentProps<'th'>) {
  return (
    <TableHead {...props}>
      <span className="sr-only">Actions</span>
    </TableHead>
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-4 py-3 align-middle', className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-3 text-sm text-muted-foreground', className)} {...props} />;
}

/** Where a responsive table turns into its list of cards (literal classes, so Tailwind sees them). */
const SWITCH_AT = {
  sm: { table: 'hidden sm:block', list: 'sm:hidden' },
  md: { table: 'hidden md:block', list: 'md:hidden' },
  lg: { table: 'hidden lg:block', list: 'lg:hidden' },
} as const;

export type ResponsiveTableProps<T> = {
  items: readonly T[];
  rowKey: (item: T) => string;
  /** The header cells (`TableHead`, `TableActionsHead`). */
  head: ReactNode;
  /** One `TableRow` for the item. */
  row: (item: T) => ReactNode;
  /** The item as a card in the narrow-screen list (the `li` is the primitive's). */
  card: (item: T) => ReactNode;
  /** The table shows from this breakpoint up, the cards below it (default lg). */
  switchAt?: keyof typeof SWITCH_AT;
  /** The accessible name of the list of cards. */
  listLabel?: string;
  /** Cards as bordered boxes of "Label: value" lines (`TableCardField`), in a tighter list. */
  compactCards?: boolean;
  listClassName?: string;
  cardClassName?: string;
};

/**
 * The back office's list shape: a table from a breakpoint up, the same items as a list of cards
 * below it, so nobody scrolls a wide table sideways on a phone.
 */
export function ResponsiveTable<T>({
  items,
  rowKey,
  head,
  row,
  card,
  switchAt = 'lg',
  listLabel,
  compactCards = false,
  listClassName,
  cardClassName,
}: ResponsiveTableProps<T>) {
  return (
    <>
      <div className={SWITCH_AT[switchAt].table}>
        <Table>
          <TableHeader>
            <TableRow>{head}</TableRow>
          </TableHeader>
          <TableBody>
            {items.map((item) => (
              <Fragment key={rowKey(item)}>{row(item)}</Fragment>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul
        className={cn('grid', compactCards ? 'gap-3' : 'gap-4', SWITCH_AT[switchAt].list, listClassName)}
        aria-label={listLabel}
      >
        {items.map((item) => (
          <li
            key={rowKey(item)}
            className={
              cn(compactCards && 'grid gap-1 rounded-lg border p-3 text-sm', cardClassName) || undefined
            }
          >
            {card(item)}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * A "Label: value" line of a card in a responsive table's narrow-screen list. A long value breaks
 * anywhere (`wrap="anywhere"`, for ids and addresses) or between words (`wrap="words"`, for text).
 */
export function TableCardField({
  label,
  wrap = 'anywhere',
  children,
}: {
  label: string;
  wrap?: 'anywhere' | 'words';
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <span className="text-muted-foreground">{label}:</span>
      <span className={wrap === 'words' ? 'break-words' : 'break-all'}>{children}</span>
    </div>
  );
}
