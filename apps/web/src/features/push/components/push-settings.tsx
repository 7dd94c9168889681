import {
  PUSH_KIND_LABELS,
  PUSH_KINDS,
  PUSH_MESSAGES,
  type PushKind,
} from '@app/shared/notifications/push.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PreferenceSwitch } from '@/components/page/preference-switch';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { registerBrowserPushAgain } from '@/lib/browser-push';
import { pushKeys, usePushConfig, usePushStatus, useUpdatePushPreferences } from '../api/push-api';
import {
  currentSubscription,
  devicePushBlock,
  turnOffForThisDevice,
  turnOnForThisDevice,
} from '../api/this-device';

/**
 * Push notifications in the account's Preferences tab: on or off for this browser, and which kinds
 * (they apply to every device of the account).
 */
export function PushSettings() {
  const config = usePushConfig();
  const status = usePushStatus();
  const update = useUpdatePushPreferences();
  const queryClient = useQueryClient();
  const [onHere, setOnHere] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const block = devicePushBlock();

  useEffect(() => {
    void (async () => {
      const subscription = await currentSubscription();
      if (!subscription) return setOnHere(false);
      // Signing in forgets an earlier trader's subscription, so this one is this trader's; the server may
      // have dropped it with an earlier session of theirs (a password change): it is registered again.
      const registered = await registerBrowserPushAgain().catch(() => false);
      setOnHere(registered);
      if (registered) await queryClient.invalidateQueries({ queryKey: pushKeys.status() });
    })();
  }, [queryClient]);

  if (config.data && !config.data.available)
    return <p className="text-sm text-muted-foreground">{PUSH_MESSAGES.notConfigured}</p>;

  const toggleDevice = async () => {
    setBusy(true);
    try {
      if (onHere) {
        await turnOffForThisDevice();
        setOnHere(false);
        toast.success('Push notifications turned off on this device');
      } else {
        const granted = await turnOnForThisDevice(config.data?.publicKey ?? '');
        if (!granted) {
          toast.error('Notifications were not allowed', {
            description: 'Allow notifications for Recytrade when your browser asks, then try again.',
          });
          return;
        }
        setOnHere(true);
        toast.success('Push notifications turned on on this device');
      }
      await queryClient.invalidateQueries({ queryKey: pushKeys.status() });
    } catch (error) {
      toast.error('Push notifications could not be changed', { description: parseApiError(error).message });
    } finally {
      setBusy(false);
    }
  };

  const onKindChange = (kind: PushKind, on: boolean) => {
    const current = status.data?.preferences;
    if (!current) return;
    update.mutate(
      { ...current, [kind]: on },
      {
        onSuccess: () => toast.success('Preferences saved', { id: 'push-preferences' }),
        onError: (error) =>
          toast.error('Failed to save preferences', {
            id: 'push-preferences',
            description: parseApiError(error).message,
          }),
      },
    );
  };

  return (
    <div className="grid gap-6 divide-y [&>*:not(:last-child)]:pb-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <p className="flex items-center gap-2 text-sm font-medium">
            <BellRing className="size-4 text-primary" aria-hidden />
            Push notifications on this device
          </p>
          <p className="text-sm text-muted-foreground">
            {block === 'unsupported'
              ? 'This browser cannot receive push notifications. Install Recytrade from your browser’s menu, or use another browser.'
              : block === 'denied'
                ? 'Notifications are blocked for Recytrade in this browser’s settings. Allow them there to turn push on.'
                : onHere
                  ? 'On: this device is told of the kinds you choose below, even when Recytrade is closed.'
                  : 'Off: turn it on to hear of new messages and deal steps when Recytrade is closed.'}
            {status.data && status.data.devices > 0
              ? ` Push is on for ${status.data.devices} ${status.data.devices === 1 ? 'device' : 'devices'} of your account.`
              : ''}
          </p>
        </div>
        {onHere === null || config.isPending ? (
          <Skeleton className="h-9 w-48" />
        ) : block ? null : (
          <Button
            variant={onHere ? 'outline' : 'default'}
            onClick={() => void toggleDevice()}
            disabled={busy}
          >
            {onHere ? 'Turn off on this device' : 'Turn on for this device'}
          </Button>
        )}
      </div>
      {PUSH_KINDS.map((kind) => (
        <PreferenceSwitch
          key={kind}
          label={PUSH_KIND_LABELS[kind].label}
          hint={PUSH_KIND_LABELS[kind].description}
          subject="push settings"
          state={status}
          checked={status.data?.preferences[kind]}
          onCheckedChange={(on) => onKindChange(kind, on)}
          saving={update.isPending}
        />
      ))}
    </div>
  );
}
