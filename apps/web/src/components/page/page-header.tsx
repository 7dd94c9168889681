import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type PageHeaderProps = {
  title: string;
  description?: ReactNode;
  eyebrow?: string;
  children?: ReactNode;
  className?: string;
  /** A slimmer band for working pages (the marketplace), where the content should start high. */
  size?: 'default' | 'compact';
};

/** The band at the top of a content page: optional eyebrow, the page's h1, a lead paragraph. */
export function PageHeader({
  title,
  description,
  eyebrow,
  children,
  className,
  size = 'default',
}: PageHeaderProps) {
  const compact = size === 'compact';
  return (
    <div className={cn('border-b bg-surface', className)}>
      <div className={cn('container-page', compact ? 'py-5 md:py-6' : 'py-10 md:py-14')}>
        {eyebrow ? (
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">{eyebrow}</p>
        ) : null}
        <h1
          className={cn(
            'font-bold tracking-tight text-balance',
            compact ? 'text-2xl md:text-3xl' : 'mt-2 text-3xl md:text-4xl',
          )}
        >
          {title}
        </h1>
        {description ? (
          <div
            className={cn(
              'max-w-3xl text-muted-foreground',
              compact ? 'mt-1 text-[0.9375rem] md:text-base' : 'mt-4 text-lg',
            )}
          >
            {description}
          </div>
        ) : null}
        {children ? <div className="mt-6 flex flex-wrap gap-3">{children}</div> : null}
      </div>
    </div>
  );
}
