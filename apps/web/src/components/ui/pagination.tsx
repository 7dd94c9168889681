import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Button } from './button';

/** Page numbers around the current one: first, last and those within `window`, with gaps as ellipses. */
export function pageWindow(current: number, total: number, window = 2): (number | 'gap')[] {
  const pages: (number | 'gap')[] = [];
  for (let p = 1; p <= total; p++) {
    if (p === 1 || p === total || Math.abs(p - current) <= window) pages.push(p);
    else if (pages[pages.length - 1] !== 'gap') pages.push('gap');
  }
  return pages;
}

/** At most `size` consecutive page numbers, centred on the current one (the spec's "up to 5 page numbers"). */
export function slidingWindow(current: number, total: number, size: number): number[] {
  const count = Math.min(size, total);
  const start = Math.min(Math.max(1, current - Math.floor(count / 2)), total - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

type PaginationProps = {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  className?: string;
  label?: string;
  /** Show at most this many consecutive numbers instead of first/last with gaps. */
  maxNumbers?: number;
};

export function Pagination({
  page,
  pageCount,
  onPageChange,
  className,
  label = 'Pagination',
  maxNumbers,
}: PaginationProps) {
  const numbers = maxNumbers ? slidingWindow(page, pageCount, maxNumbers) : pageWindow(page, pageCount);
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={cn('flex flex-wrap items-center justify-center gap-1', className)}>
      <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
        <ChevronLeft aria-hidden />
        Previous
      </Button>
      {numbers.map((p, i) =>
        p === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
          <span key={`gap-${i}`} className="px-2 text-muted-foreground" aria-hidden>
            …
          </span>
        ) : (
          <Button
            key={p}
            variant={p === page ? 'default' : 'ghost'}
            size="sm"
            className="tabular min-w-8"
            aria-current={p === page ? 'page' : undefined}
            aria-label={`Page ${p}`}
            onClick={() => onPageChange(p)}
          >
            {p}
          </Button>
        ),
      )}
      <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= pageCount}>
        Next
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
