import { type ReactNode, useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';

type PreferenceSwitchProps = {
  label: string;
  hint: ReactNode;
  /** What is loading or failed to load, for the skeleton's screen-reader text and the error line. */
  subject: string;
  state: { isPending: boolean; isError: boolean; refetch: () => unknown };
  checked: boolean | undefined;
  onCheckedChange: (checked: boolean) => void;
  saving: boolean;
};

/** One labelled on/off preference of the account, with its loading skeleton and its "Try Again" state. */
export function PreferenceSwitch({
  label,
  hint,
  subject,
  state,
  checked,
  onCheckedChange,
  saving,
}: PreferenceSwitchProps) {
  const id = useId();
  if (state.isPending) {
    return (
      <div className="flex items-center justify-between gap-4" aria-busy="true">
        <span className="sr-only">Loading your {subject}</span>
        <Skeleton className="h-5 w-64" />
        <Skeleton className="h-6 w-11 rounded-full" />
      </div>
    );
  }
  if (state.isError) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="text-destructive">Your {subject} could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={() => void state.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={saving}
        aria-describedby={`${id}-hint`}
      />
    </div>
  );
}
