import {
  MESSAGING_LIMITS,
  MESSAGING_MESSAGES,
  type Message,
  messagePreview,
} from '@app/shared/messaging/messaging.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Reply, Send, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { messagingKeys } from '../api/messaging-keys';
import { useSendMessage } from '../api/send-message';

export type ReplyDraft = {
  message: Message | null;
  set: (message: Message) => void;
  clear: () => void;
};

/** The message being replied to; cleared when another conversation opens. */
export function useReplyDraft(conversationId: string): ReplyDraft {
  const [message, setMessage] = useState<Message | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a reply belongs to one conversation
  useEffect(() => setMessage(null), [conversationId]);
  return { message, set: setMessage, clear: () => setMessage(null) };
}

type MessageComposerProps = {
  conversationId: string;
  viewerId: string;
  otherName: string;
  reply: ReplyDraft;
};

/** The reply box: Enter sends, Shift+Enter starts a new line; blank text or a running send cannot be sent. */
export function MessageComposer({ conversationId, viewerId, otherName, reply }: MessageComposerProps) {
  const [text, setText] = useState('');
  const send = useSendMessage(conversationId, viewerId);
  const queryClient = useQueryClient();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const blank = text.trim().length === 0;
  const tooLong = [...text.trim()].length > MESSAGING_LIMITS.contentMax;
  const canSend = !blank && !tooLong && !send.isPending;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a draft belongs to one conversation
  useEffect(() => setText(''), [conversationId]);

  useEffect(() => {
    if (reply.message) textarea.current?.focus();
  }, [reply.message]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    const content = text.trim();
    const replyTo = reply.message;
    setText('');
    reply.clear();
    try {
      await send.mutateAsync({
        content,
        replyToId: replyTo?.id,
        quoted: replyTo ? { id: replyTo.id, senderId: replyTo.senderId, content: replyTo.content } : null,
      });
    } catch (error) {
      // Give the text back so nothing typed is lost.
      setText((current) => (current ? current : content));
      if (replyTo) reply.set(replyTo);
      const apiError = parseApiError(error);
      // The thread closed meanwhile (a deal cancelled): the summary now says why, in place of this box.
      if (apiError.code === 'CONTACT_FEE_REQUIRED')
        void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
      toast.error(MESSAGING_MESSAGES.sendFailed, {
        description:
          apiError.code === 'UNKNOWN' || apiError.code === 'INTERNAL' ? undefined : apiError.message,
      });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="grid grid-cols-1 gap-2 border-t bg-background p-3 sm:p-4"
    >
      {reply.message ? (
        <div className="flex items-start gap-2 rounded-md border-l-2 border-primary bg-muted px-3 py-2 text-sm">
          <Reply className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">
              Replying to {reply.message.senderId === viewerId ? 'your message' : otherName}
            </p>
            <p className="truncate text-muted-foreground">{messagePreview(reply.message.content, 120)}</p>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={reply.clear}
            className="-my-1 px-2 sm:px-3"
          >
            <X aria-hidden />
            <span className="sr-only sm:not-sr-only">Cancel reply</span>
          </Button>
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <label htmlFor={`${hintId}-input`} className="sr-only">
          Message {otherName}
        </label>
        <Textarea
          id={`${hintId}-input`}
          ref={textarea}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          placeholder="Type a message…"
          aria-describedby={hintId}
          aria-invalid={tooLong || undefined}
          className="max-h-48 min-h-11 flex-1 resize-none"
        />
        <Button type="submit" disabled={!canSend} aria-label="Send message" className="h-11">
          <Send aria-hidden />
          <span className="hidden sm:inline">{send.isPending ? 'Sending...' : 'Send'}</span>
        </Button>
      </div>
      <p
        id={hintId}
        className={cn('text-xs', tooLong ? 'text-destructive' : 'hidden text-muted-foreground sm:block')}
      >
        {tooLong ? MESSAGING_MESSAGES.messageTooLong : 'Enter to send, Shift+Enter for a new line'}
      </p>
    </form>
  );
}
