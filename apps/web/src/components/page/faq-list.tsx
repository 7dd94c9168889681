import type { ReactNode } from 'react';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { cn } from '@/lib/cn';

export type FaqItem = { q: string; a: ReactNode };

/** Questions and answers, one open at a time (the specification's FAQ behaviour). */
export function FaqList({ items, className }: { items: readonly FaqItem[]; className?: string }) {
  return (
    <Accordion
      type="single"
      collapsible
      className={cn('rounded-card border bg-card px-6 shadow-card', className)}
    >
      {items.map((item, index) => (
        <AccordionItem key={item.q} value={`faq-${index}`}>
          <AccordionTrigger>{item.q}</AccordionTrigger>
          <AccordionContent>{item.a}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
