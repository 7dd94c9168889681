import {
  BULK_EMAIL_TARGET_INFO,
  BULK_EMAIL_TARGETS,
  type BulkEmailTarget,
} from '@app/shared/admin/bulk-email.schemas';
import { AlertTriangle, Send } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SkeletonText } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { BulkEmailStats } from '../api/bulk-email';

/** "Sends to 12 people" */
export function recipientsPhrase(n: number) {
  return `${new Intl.NumberFormat('en-US').format(n)} ${n === 1 ? 'person' : 'people'}`;
}

type AudienceButtonsProps = {
  /** The button's label per audience: the preset's own, or "Send Custom to …". */
  labels: Record<BulkEmailTarget, string>;
  audiences: BulkEmailStats['audiences'] | undefined;
  /** How many accounts match each audience's rule before the campaign filter. */
  audienceMatches: BulkEmailStats['audienceMatches'] | undefined;
  /** The audience whose send is under way, for its spinner. */
  sendingTarget: BulkEmailTarget | null;
  disabled: boolean;
  /** In test mode the buttons email the test address, so the audience size is only for reference. */
  testMode: boolean;
  onSend: (target: BulkEmailTarget) => void;
};

/** The four audiences, one send button each; Send to Everyone stands out in amber with its warning. */
export function AudienceButtons({
  labels,
  audiences,
  audienceMatches,
  sendingTarget,
  disabled,
  testMode,
  onSend,
}: AudienceButtonsProps) {
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {BULK_EMAIL_TARGETS.map((target) => {
        const everyone = target === 'all';
        // Nobody to send to: the server would refuse, so the button says so by being off.
        const empty = !testMode && audiences?.[target] === 0;
        return (
          <li
            key={target}
            className={cn(
              'flex flex-col gap-3 rounded-lg border p-4',
              everyone && 'border-amber-300 bg-warning-soft',
            )}
          >
            <div className="grid gap-1 text-sm">
              <p className="font-medium">{BULK_EMAIL_TARGET_INFO[target].audience}</p>
              <p className={everyone ? 'text-warning-soft-foreground' : 'text-muted-foreground'}>
                {audiences ? (
                  testMode ? (
                    `Audience: ${recipientsPhrase(audiences[target])} (a test goes to the test address only)`
                  ) : (
                    `Sends to ${recipientsPhrase(audiences[target])}`
                  )
                ) : (
                  <SkeletonText className="w-28" />
                )}
              </p>
              {audiences && audienceMatches ? (
                <LeftOutNote matches={audienceMatches[target]} recipients={audiences[target]} />
              ) : null}
              {everyone ? (
                <p className="mt-1 flex gap-2 text-warning-soft-foreground">
                  <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
                  This emails all users who receive campaigns. Use it sparingly.
                </p>
              ) : null}
            </div>
            <Button
              variant={everyone ? 'warning' : 'default'}
              className="mt-auto h-auto min-h-10 self-start whitespace-normal py-2 text-left"
              disabled={disabled || empty}
              onClick={() => onSend(target)}
            >
              {sendingTarget === target ? <Spinner label="Sending" /> : <Send aria-hidden />}
              {labels[target]}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Why an audience's count can be below the matching stat card (Unpaid Users, Total Users): campaigns
 * only go to confirmed addresses that have not opted out. Said only when somebody is left out.
 */
function LeftOutNote({ matches, recipients }: { matches: number; recipients: number }) {
  const leftOut = matches - recipients;
  if (leftOut <= 0) return null;
  return (
    <p className="text-xs text-muted-foreground">
      {`${new Intl.NumberFormat('en-US').format(matches)} match this audience; ${recipientsPhrase(leftOut)} left out (email not confirmed or opted out of campaigns)`}
    </p>
  );
}

export type TestModeState = { enabled: boolean; email: string };

/** A tab's test mode: when on, every button of the tab sends one email to this address only. */
export function TestModeFields({
  value,
  onChange,
  disabled,
}: {
  value: TestModeState;
  onChange: (value: TestModeState) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-3 rounded-lg border bg-surface p-4">
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          checked={value.enabled}
          onChange={(e) => onChange({ ...value, enabled: e.target.checked })}
          disabled={disabled}
        />
        <span className="grid gap-0.5">
          <span className="font-medium">Test mode</span>
          <span className="text-muted-foreground">
            Send one email to a test address instead of the audience.
          </span>
        </span>
      </label>
      {value.enabled ? (
        <div className="grid gap-2 sm:max-w-sm">
          <Label htmlFor={`${id}-email`}>Test email address</Label>
          <Input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={value.email}
            onChange={(e) => onChange({ ...value, email: e.target.value })}
            disabled={disabled}
          />
        </div>
      ) : null}
    </div>
  );
}
