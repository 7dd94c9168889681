import {
  defaultConversationSubject,
  MESSAGING_LIMITS,
  MESSAGING_MESSAGES,
  MessageContentSchema,
  participantLabel,
} from '@app/shared/messaging/messaging.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Crown } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { SkeletonText } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { isRuleRefusal, parseApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-client';
import type { ConversationTarget, StartConversationDialogProps } from '@/lib/feature-slots';
import { formatUsd } from '@/lib/format';
import { openPaymentTab, type PaymentWatch, paymentEventOutcome } from '@/lib/payment-tab';
import { usePricing } from '@/lib/pricing';
import { getContactRequest } from '../api/get-contact-request';
import { useConversations } from '../api/get-conversations';
import { messagingKeys } from '../api/messaging-keys';
import { useStartConversation } from '../api/start-conversation';
import { conversationPath } from '../utils/conversation-path';

/**
 * Subject and first message to another trader. A free user's new conversation goes through the
 * contact-fee checkout first; Premium members and existing conversations open at once.
 */
export function StartConversationDialog({ target, open, onOpenChange }: StartConversationDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        {open ? <StartConversationForm target={target} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function StartConversationForm({ target, onDone }: { target: ConversationTarget; onDone: () => void }) {
  const { subscribed } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pricing = usePricing();
  const conversations = useConversations();
  const start = useStartConversation();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string>();
  const existing = conversations.data?.items.find((c) => c.otherParticipant.id === target.recipientId);
  // A deal thread the user may not write in opens as a general conversation once the fee is paid.
  const closedThread = existing && !existing.canWrite ? existing : undefined;
  const paid = !subscribed && (!existing || Boolean(closedThread));
  const busy = start.isPending;
  const length = [...message.trim()].length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const content = MessageContentSchema.safeParse(message);
    if (!content.success) {
      setMessageError(content.error.issues[0]?.message ?? MESSAGING_MESSAGES.messageRequired);
      return;
    }
    setMessageError(undefined);
    // The checkout tab opens now, within the click, so no pop-up blocker stops it.
    const tab = paid ? openPaymentTab() : null;
    try {
      const result = await start.mutateAsync({
        listingId: target.listingId,
        companyId: target.companyId,
        participantId: target.listingId || target.companyId ? undefined : target.recipientId,
        subject: subject.trim() || undefined,
        initialMessage: content.data,
      });
      if (result.status === 'payment_required') {
        (tab ?? openPaymentTab()).go(contactFeeWatch(result.checkoutUrl, result.contactRequestId));
        onDone();
        return;
      }
      tab?.discard();
      toast.success('Message sent', {
        description: `Your conversation with ${target.recipientName} is open.`,
      });
      onDone();
      navigate(conversationPath(result.conversation.id));
    } catch (error) {
      tab?.discard();
      const apiError = parseApiError(error);
      toast.error(isRuleRefusal(apiError) ? apiError.message : MESSAGING_MESSAGES.startFailed);
    }
  };

  /** The original tab follows the contact-fee checkout and opens the conversation once it is paid. */
  const contactFeeWatch = (url: string, requestId: string): PaymentWatch => {
    let conversationId: string | null = null;
    return {
      url,
      label: `the contact fee to ${target.recipientName}`,
      fromEvent: (event) => {
        const outcome = paymentEventOutcome(event, { purpose: 'contact_fee', targetId: target.recipientId });
        // Paid: the conversation is read from the request (it may have been refunded instead).
        return outcome === 'succeeded' ? null : outcome;
      },
      check: async () => {
        const request = await getContactRequest(requestId);
        conversationId = request.conversationId ?? null;
        return request.status === 'opened'
          ? 'succeeded'
          : request.status === 'refunded'
            ? 'failed'
            : 'pending';
      },
      onOutcome: (outcome) => {
        void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
        if (outcome === 'succeeded') {
          toast.success('Conversation started', {
            id: `contact-opened-${requestId}`,
            description: 'Your contact fee was paid and your message was delivered.',
          });
          if (conversationId) navigate(conversationPath(conversationId));
        } else if (outcome === 'canceled') {
          toast('Payment cancelled', {
            id: 'contact-cancelled',
            description: 'You have not been charged and no conversation was started.',
          });
        } else {
          toast.error('The conversation could not be opened', {
            id: `contact-refunded-${requestId}`,
            description: 'The contact fee was not taken, or it has been refunded.',
          });
        }
      },
    };
  };

  const fee = pricing.data ? (
    formatUsd(pricing.data.contactFeeCents, { alwaysCents: true })
  ) : (
    <SkeletonText className="w-12" />
  );

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>Message {target.recipientName}</DialogTitle>
        <DialogDescription>
          {target.context
            ? `About: ${target.context}`
            : 'Introduce yourself and say what you are looking for.'}
        </DialogDescription>
      </DialogHeader>

      {closedThread && !subscribed ? (
        <ContactFeeAlert fee={fee} onUpgrade={onDone}>
          Your deal thread with {participantLabel(closedThread.otherParticipant)} becomes a general
          conversation once you pay the contact fee of {fee} at checkout; your message goes there.
        </ContactFeeAlert>
      ) : existing ? (
        <Alert variant="info">
          <AlertTitle>
            You already have a conversation with {participantLabel(existing.otherParticipant)}
          </AlertTitle>
          <AlertDescription>
            Your message goes to that conversation.{' '}
            {subscribed ? null : 'There is no contact fee for an existing conversation.'}
          </AlertDescription>
        </Alert>
      ) : subscribed ? (
        <Alert variant="success">
          <AlertTitle>Messaging is free with your Premium plan</AlertTitle>
          <AlertDescription>Your conversation opens as soon as you send.</AlertDescription>
        </Alert>
      ) : (
        <ContactFeeAlert fee={fee} onUpgrade={onDone}>
          Starting a new conversation on the free plan costs a one-time contact fee of {fee}. You pay it at
          checkout and the conversation opens as soon as the payment succeeds.
        </ContactFeeAlert>
      )}

      <FormField label="Subject" hint={existing ? 'The existing conversation keeps its subject.' : undefined}>
        <Input
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          placeholder={defaultConversationSubject(target.recipientName)}
          maxLength={MESSAGING_LIMITS.subjectMax}
          disabled={busy || Boolean(existing)}
        />
      </FormField>

      <FormField
        label="Message"
        error={messageError}
        hint={
          <span className="tabular">
            {length.toLocaleString('en-US')} / {MESSAGING_LIMITS.contentMax.toLocaleString('en-US')}
          </span>
        }
      >
        <Textarea
          value={message}
          onChange={(e) => {
            setMessage(e.target.value);
            if (messageError) setMessageError(undefined);
          }}
          required
          rows={5}
          maxLength={MESSAGING_LIMITS.contentMax}
          placeholder="Hello, I am interested in…"
          disabled={busy}
        />
      </FormField>

      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {paid
            ? busy
              ? 'Opening checkout...'
              : 'Continue to Payment'
            : busy
              ? 'Sending...'
              : 'Send Message'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The contact fee a free user pays at checkout, with Premium as the way to message for free. */
function ContactFeeAlert({
  fee,
  onUpgrade,
  children,
}: {
  fee: ReactNode;
  onUpgrade: () => void;
  children: ReactNode;
}) {
  return (
    <Alert variant="warning" role="note">
      <AlertTitle>One-time contact fee: {fee}</AlertTitle>
      <AlertDescription>
        <p>{children}</p>
        <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1">
          Premium members message for free.
          <Button asChild variant="link" className="font-semibold">
            <Link to={paths.subscription} onClick={onUpgrade}>
              <Crown aria-hidden />
              Upgrade to Premium
            </Link>
          </Button>
        </p>
      </AlertDescription>
    </Alert>
  );
}
