import { pagerItems } from '@app/shared/blog/blog.schemas';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';

type BlogPagerProps = {
  page: number;
  totalPages: number;
  /** The address of a page, keeping the other filters. */
  hrefFor: (page: number) => string;
};

/**
 * The numbered pager: first, last and pages within two of the current one, with ellipses, plus
 * Previous and Next. Real links, so each page has its own address. Nothing when there is one page.
 */
export function BlogPager({ page, totalPages, hrefFor }: BlogPagerProps) {
  const items = pagerItems(page, totalPages);
  if (items.length === 0) return null;
  const edge = cn(buttonVariants({ variant: 'outline', size: 'sm' }));
  const disabledEdge = cn(edge, 'pointer-events-none opacity-50');
  return (
    <nav aria-label="Blog pages" className="flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={edge} rel="prev">
          <ChevronLeft aria-hidden />
          Previous
        </Link>
      ) : (
        <span className={disabledEdge} aria-disabled="true">
          <ChevronLeft aria-hidden />
          Previous
        </span>
      )}
      <ul className="flex flex-wrap items-center gap-1">
        {items.map((item, i) =>
          item === 'ellipsis' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: ellipses have no identity of their own
            <li key={`ellipsis-${i}`} className="px-2 text-muted-foreground" aria-hidden>
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                className={cn(
                  buttonVariants({ variant: item === page ? 'default' : 'ghost', size: 'sm' }),
                  'tabular min-w-8',
                )}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < totalPages ? (
        <Link to={hrefFor(page + 1)} className={edge} rel="next">
          Next
          <ChevronRight aria-hidden />
        </Link>
      ) : (
        <span className={disabledEdge} aria-disabled="true">
          Next
          <ChevronRight aria-hidden />
        </span>
      )}
    </nav>
  );
}
