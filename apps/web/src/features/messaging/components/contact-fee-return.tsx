import { MESSAGING_MESSAGES } from '@app/shared/messaging/messaging.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { formatUsd } from '@/lib/format';
import { useContactRequest } from '../api/get-contact-request';
import { messagingKeys } from '../api/messaging-keys';

/** After this long the page says that confirmation is slow (polling goes on). */
const SLOW_AFTER_MS = 15_000;

type ContactFeeReturnProps = {
  requestId: string;
  /** The conversation opened: select it. */
  onOpened: (conversationId: string) => void;
  /** Refunded or unknown: back to the plain list. */
  onClosed: () => void;
};

/**
 * /messages?contact=success&request={id}: the provider sent the browser back from the contact-fee
 * checkout. Waits for the payment to open the conversation (or for the refund if it could not).
 */
export function ContactFeeReturn({ requestId, onOpened, onClosed }: ContactFeeReturnProps) {
  const queryClient = useQueryClient();
  const request = useContactRequest(requestId);
  const [slow, setSlow] = useState(false);
  const status = request.data?.status;
  const conversationId = request.data?.conversationId;
  const amountCents = request.data?.amountCents;

  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (status === 'opened' && conversationId) {
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
      toast.success('Conversation started', {
        id: `contact-opened-${requestId}`,
        description: 'Your contact fee was paid and your message was delivered.',
      });
      onOpened(conversationId);
    } else if (status === 'refunded') {
      const fee = amountCents ? `${formatUsd(amountCents, { alwaysCents: true })} ` : '';
      toast.error('The conversation could not be opened', {
        id: `contact-refunded-${requestId}`,
        description: `Your ${fee}contact fee has been refunded.`,
      });
      onClosed();
    }
  }, [status, conversationId, amountCents, requestId, queryClient, onOpened, onClosed]);

  useEffect(() => {
    if (!request.isError) return;
    const apiError = parseApiError(request.error);
    toast.error(
      apiError.code === 'NOT_FOUND'
        ? MESSAGING_MESSAGES.contactRequestNotFound
        : MESSAGING_MESSAGES.startFailed,
      {
        id: `contact-error-${requestId}`,
        description: apiError.code === 'NOT_FOUND' ? undefined : apiError.message,
      },
    );
    onClosed();
  }, [request.isError, request.error, requestId, onClosed]);

  return (
    <div className="m-auto grid w-full max-w-sm gap-4 p-6 text-center" aria-live="polite">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
        <Spinner className="size-6" label="Confirming" />
      </div>
      <h2 className="text-lg font-semibold">Confirming your payment…</h2>
      <p className="text-sm text-muted-foreground">
        {slow
          ? 'This is taking longer than usual. Your conversation opens here as soon as the payment is confirmed; you will not be charged twice.'
          : 'Your conversation opens as soon as the payment is confirmed.'}
      </p>
    </div>
  );
}
