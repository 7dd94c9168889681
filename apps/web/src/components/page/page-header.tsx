import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type PageHeaderProps = {
  title: string;
  description?: ReactNode;
  eyebrow?: string;
  children?: ReactNode;
  className?: string;
};

/** The band at the top of a content page: optional eyebrow, the page's h1, a lead paragraph. */
export function PageHeader({ title, description, eyebrow, children, className }: PageHeaderProps) {
  return (
    <div className={cn('border-b bg-surface', className)}>
      <div className="container-page py-10 md:py-14">
        {eyebrow ? (
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">{eyebrow}</p>
        ) : null}
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance md:text-4xl">{title}</h1>
        {description ? (
          <div className="mt-4 max-w-3xl text-lg text-muted-foreground">{description}</div>
        ) : null}
        {children ? <div className="mt-6 flex flex-wrap gap-3">{children}</div> : null}
      </div>
    </div>
  );
}
