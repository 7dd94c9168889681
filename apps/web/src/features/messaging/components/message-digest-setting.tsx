import { MESSAGING_LIMITS } from '@app/shared/messaging/messaging.schemas';
import { PreferenceSwitch } from '@/components/page/preference-switch';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { useMessagingPreferences } from '../api/get-messaging-preferences';
import { useUpdateMessagingPreferences } from '../api/update-messaging-preferences';

/** The unread-message digest switch of the account's Preferences tab. */
export function MessageDigestSetting() {
  const preferences = useMessagingPreferences();
  const update = useUpdateMessagingPreferences();

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
    <PreferenceSwitch
      label="Email me a digest of unread messages"
      hint={`One email listing your conversations with messages unread for ${MESSAGING_LIMITS.digestDelayMinutes} minutes, not one per message.`}
      subject="notification settings"
      state={preferences}
      checked={preferences.data?.emailDigest}
      onCheckedChange={onChange}
      saving={update.isPending}
    />
  );
}
