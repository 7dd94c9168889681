import { findFraudSignals, OFF_PLATFORM_WARNING } from '@app/shared/trust/fraud-signals';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** Above a message with bank details or a request to pay outside escrow: the warning, for its recipient. */
export function FraudWarning() {
  return (
    <div
      role="note"
      aria-label="Payment warning"
      className="flex max-w-[85%] items-start gap-2 rounded-lg border border-warning bg-warning-soft px-3 py-2 text-xs text-warning-soft-foreground sm:max-w-[75%]"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>{OFF_PLATFORM_WARNING}</p>
    </div>
  );
}

/**
 * The message's text with the spans the checks found marked (the same detectors as the server's), so
 * the recipient sees which account number or phrase the warning is about.
 */
export function HighlightedContent({ content }: { content: string }): ReactNode {
  const signals = findFraudSignals(content);
  if (signals.length === 0) return content;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const signal of signals) {
    if (signal.start > at) parts.push(content.slice(at, signal.start));
    parts.push(
      <mark key={signal.start} className="rounded bg-warning-soft px-0.5 text-warning-soft-foreground">
        {content.slice(signal.start, signal.end)}
      </mark>,
    );
    at = signal.end;
  }
  if (at < content.length) parts.push(content.slice(at));
  return parts;
}
