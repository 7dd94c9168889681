import type { Message } from '@app/shared/messaging/messaging.schemas';
import { findFraudSignals, OFF_PLATFORM_WARNING, SENDER_CONTEXT } from '@app/shared/trust/fraud-signals';
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
 * What the server read a message with (SENDER_CONTEXT): the sender's texts just before it in the
 * thread as loaded, so the second half of a split IBAN is marked too.
 */
export function earlierTextsOf(thread: readonly Message[], message: Message): string[] {
  const at = thread.indexOf(message);
  const since = Date.parse(message.createdAt) - SENDER_CONTEXT.withinMs;
  return thread
    .slice(0, Math.max(0, at))
    .filter(
      (m) =>
        m.senderId === message.senderId &&
        m.messageType === 'text' &&
        !m.hidden &&
        Date.parse(m.createdAt) >= since,
    )
    .slice(-SENDER_CONTEXT.previousMessages)
    .map((m) => m.content);
}

/**
 * The message's text with the spans the checks found marked (the same detectors as the server's, read
 * with the same earlier messages), so the recipient sees which account number or phrase the warning is about.
 */
export function HighlightedContent({
  content,
  earlier = [],
}: {
  content: string;
  earlier?: readonly string[];
}): ReactNode {
  const signals = findFraudSignals(content, earlier);
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
