import { UNSUBSCRIBE_MESSAGES } from '@app/shared/admin/bulk-email.schemas';
import { PreferenceSwitch } from '@/components/page/preference-switch';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { useMarketingPreferences, useUpdateMarketingPreferences } from '../api/marketing-preferences';

/** The account's switch for product news and campaigns (the same opt-out as an email's unsubscribe link). */
export function MarketingEmailsSetting() {
  const preferences = useMarketingPreferences();
  const update = useUpdateMarketingPreferences();

  const onChange = (marketingEmails: boolean) =>
    update.mutate(
      { marketingEmails },
      {
        onSuccess: () =>
          toast.success('Preferences saved', {
            id: 'marketing-preferences',
            description: marketingEmails
              ? UNSUBSCRIBE_MESSAGES.resubscribed
              : UNSUBSCRIBE_MESSAGES.unsubscribed,
          }),
        onError: (error) =>
          toast.error('Failed to save preferences', {
            id: 'marketing-preferences',
            description: parseApiError(error).message,
          }),
      },
    );

  return (
    <PreferenceSwitch
      label="Product news and campaigns"
      hint="Occasional emails about new Recytrade features and the company directory. Account and deal emails always arrive."
      subject="email preferences"
      state={preferences}
      checked={preferences.data?.marketingEmails}
      onCheckedChange={onChange}
      saving={update.isPending}
    />
  );
}
