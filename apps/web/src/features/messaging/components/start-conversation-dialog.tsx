import {
  defaultConversationSubject,
  MESSAGING_LIMITS,
  MESSAGING_MESSAGES,
  MessageContentSchema,
  participantLabel,
} from '@app/shared/messaging/messaging.schemas';
import { Crown } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
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
import { paths } from '@/config/paths';
import { usePricing } from '@/features/pricing/api/get-pricing';
import { parseApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-client';
import { formatUsd } from '@/lib/format';
import { useConversations } from '../api/get-conversations';
import { useStartConversation } from '../api/start-conversation';
import { conversationPath } from '../utils/conversation-path';

/** Whom the conversation is with, and where it was started from. */
export type ConversationTarget = {
  /** The other trader's user id (the listing's or company's owner). */
  recipientId: string;
  /** The name the default subject and the title use: the company's or the person's. */
  recipientName: string;
  listingId?: string;
  companyId?: string;
  /** Shown under the title, e.g. the listing's title. */
  context?: string;
};

type StartConversationDialogProps = {
  target: ConversationTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

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
  const pricing = usePricing();
  const conversations = useConversations();
  const start = useStartConversation();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string>();
  // Stays true once the browser is on its way to the checkout, so the form cannot be sent twice.
  const [redirecting, setRedirecting] = useState(false);

  const existing = conversations.data?.items.find((c) => c.otherParticipant.id === target.recipientId);
  // A deal thread the user may not write in opens as a general conversation once the fee is paid.
  const closedThread = existing && !existing.canWrite ? existing : undefined;
  const paid = !subscribed && (!existing || Boolean(closedThread));
  const busy = start.isPending || redirecting;
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
    try {
      const result = await start.mutateAsync({
        listingId: target.listingId,
        companyId: target.companyId,
        participantId: target.listingId || target.companyId ? undefined : target.recipientId,
        subject: subject.trim() || undefined,
        initialMessage: content.data,
      });
      if (result.status === 'payment_required') {
        setRedirecting(true);
        window.location.assign(result.checkoutUrl);
        return;
      }
      toast.success('Message sent', {
        description: `Your conversation with ${target.recipientName} is open.`,
      });
      onDone();
      navigate(conversationPath(result.conversation.id));
    } catch (error) {
      const apiError = parseApiError(error);
      const fromServer =
        apiError.status !== undefined && apiError.status < 500 && apiError.code !== 'UNKNOWN';
      toast.error(fromServer ? apiError.message : MESSAGING_MESSAGES.startFailed);
    }
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
