import { MESSAGING_LIMITS } from '@app/shared/messaging/messaging.schemas';
import { useId } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { parseApiError } from '@/lib/api-client';
import { useMessagingPreferences } from '../api/get-messaging-preferences';
import { useUpdateMessagingPreferences } from '../api/update-messaging-preferences';

/** The unread-message digest switch of the account's Preferences tab. */
export function MessageDigestSetting() {
  const id = useId();
  const preferences = useMessagingPreferences();
  const update = useUpdateMessagingPreferences();

  if (preferences.isPending) {
    return (
      <div className="flex items-center justify-between gap-4" aria-busy="true">
        <span className="sr-only">Loading your notification settings</span>
        <Skeleton className="h-5 w-64" />
        <Skeleton className="h-6 w-11 rounded-full" />
      </div>
    );
  }
  if (preferences.isError) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="text-destructive">Your notification settings could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={() => void preferences.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }

  const onChange = (emailDigest: boolean) =>
    update.mutate(
      { emailDigest },
      {
        onSuccess: () =>
          toast.success('Preferences saved', {
            id: 'messaging-preferences',
            description: emailDigest
              ? `You will get an email when messages wait unread for ${MESSAGING_LIMITS.digestDelayMinutes} minutes.`
              : 'You will no longer get emails about unread messages.',
          }),
        onError: (error) =>
          toast.error('Failed to save preferences', {
            id: 'messaging-preferences',
            description: parseApiError(error).message,
          }),
      },
    );

  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>Email me a digest of unread messages</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          One email listing your conversations with messages unread for {MESSAGING_LIMITS.digestDelayMinutes}{' '}
          minutes, not one per message.
        </p>
      </div>
      <Switch
        id={id}
        checked={preferences.data.emailDigest}
        onCheckedChange={onChange}
        disabled={update.isPending}
        aria-describedby={`${id}-hint`}
      />
    </div>
  );
}
