import { PreferenceSwitch } from '@/components/page/preference-switch';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { useMatchPreferences } from '../api/get-match-preferences';
import { useUpdateMatchPreferences } from '../api/update-match-preferences';

/** The "Match digest email" switch of the account's Preferences tab. */
export function MatchDigestSetting() {
  const preferences = useMatchPreferences();
  const update = useUpdateMatchPreferences();

  const onChange = (emailDigest: boolean) =>
    update.mutate(
      { emailDigest },
      {
        onSuccess: () =>
          toast.success('Preferences saved', {
            id: 'match-preferences',
            description: emailDigest
              ? 'You will get at most one email a day about new matches for your listings.'
              : 'You will no longer get emails about new matches.',
          }),
        onError: (error) =>
          toast.error('Failed to save preferences', {
            id: 'match-preferences',
            description: parseApiError(error).message,
          }),
      },
    );

  return (
    <PreferenceSwitch
      label="Match digest email"
      hint="At most one email a day listing new matches for your listings. New matches always show under the bell and on your dashboard."
      subject="match settings"
      state={preferences}
      checked={preferences.data?.emailDigest}
      onCheckedChange={onChange}
      saving={update.isPending}
    />
  );
}
