import type { ReactNode } from 'react';
import { PageHeader } from './page-header';

type LegalLayoutProps = {
  title: string;
  lastUpdated: string;
  intro: ReactNode;
  sections: { id: string; title: string }[];
  children: ReactNode;
};

/** Terms and privacy: the header, an "On this page" index beside the sections on wide screens. */
export function LegalLayout({ title, lastUpdated, intro, sections, children }: LegalLayoutProps) {
  return (
    <>
      <PageHeader eyebrow="Legal" title={title} description={<p>Last updated {lastUpdated}</p>} />
      <div className="container-page grid grid-cols-1 gap-10 py-12 lg:grid-cols-[14rem_1fr] lg:gap-16">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-sm font-semibold text-foreground">On this page</p>
          <ol className="mt-3 grid gap-2 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-slate-700 hover:text-primary hover:underline">
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="grid max-w-3xl gap-10">
          <div className="text-lg leading-relaxed text-slate-700">{intro}</div>
          {children}
        </article>
      </div>
    </>
  );
}
