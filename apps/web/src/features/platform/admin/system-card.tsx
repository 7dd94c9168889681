import { SYSTEM_MESSAGES } from '@app/shared/admin/admin-system.schemas';
import type { SettingKey, SettingList, UpdateSettingsBody } from '@app/shared/settings/settings.schemas';
import type { LucideIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, useId } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import {
  fieldErrorsFromDetails,
  lastChangedAt,
  settingValue,
  useUpdateSettings,
} from '../api/system-settings';

type SettingsCardProps = {
  icon: LucideIcon;
  title: string;
  description: string;
  children: ReactNode;
  /** The card's footer: last change and the save button. */
  footer?: ReactNode;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
};

/** One card of /admin/system: a form of its own, saved with its own button. */
export function SettingsCard({
  icon: Icon,
  title,
  description,
  children,
  footer,
  onSubmit,
}: SettingsCardProps) {
  const headingId = useId();
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardTitle as="h2" id={headingId} className="flex items-center gap-2">
          <Icon aria-hidden className="size-5 text-primary" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <form aria-labelledby={headingId} onSubmit={onSubmit} noValidate className="flex flex-1 flex-col">
        <CardContent className="grid flex-1 content-start gap-5">{children}</CardContent>
        {footer ? (
          <CardFooter className="flex-wrap justify-between gap-3 border-t pt-4">{footer}</CardFooter>
        ) : null}
      </form>
    </Card>
  );
}

/** "Last changed Nov 21, 2026, 10:30 PM" for the newest stored change among the card's keys. */
export function LastChanged({ list, keys }: { list: SettingList; keys: readonly SettingKey[] }) {
  const at = lastChangedAt(list, keys);
  if (!at) return <p className="text-[0.8125rem] text-muted-foreground">Not changed yet</p>;
  return (
    <p className="text-[0.8125rem] text-muted-foreground">
      Last changed{' '}
      <time dateTime={at}>
        {new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at))}
      </time>
    </p>
  );
}

export function SaveButton({ label, busy, dirty }: { label: string; busy: boolean; dirty: boolean }) {
  return (
    <Button type="submit" disabled={busy || !dirty}>
      {busy ? 'Saving...' : label}
    </Button>
  );
}

type SwitchFieldProps = {
  label: string;
  hint: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
};

/** A setting that is on or off: label and explanation on the left, the switch on the right. */
export function SwitchField({ label, hint, checked, onCheckedChange, disabled }: SwitchFieldProps) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-[0.8125rem] text-muted-foreground">
          {hint}
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={`${id}-hint`}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        className="mt-0.5"
      />
    </div>
  );
}

/** Only the keys whose value differs from the stored one, so the audit log and "last changed" stay honest. */
export function changedSettings(list: SettingList, body: UpdateSettingsBody): UpdateSettingsBody {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value !== undefined && value !== settingValue(list, key as SettingKey)) changed[key] = value;
  }
  return changed as UpdateSettingsBody;
}

/**
 * Saves a card: sends the changed keys, toasts 'Settings saved' or 'Error' with the server's message,
 * and puts the server's per-key messages next to the fields (`fields` maps a setting key to its field).
 */
export function useSaveSettings<F extends FieldValues>(
  form: UseFormReturn<F>,
  list: SettingList,
  fields: Partial<Record<SettingKey, Path<F>>>,
) {
  const update = useUpdateSettings();
  const save = async (body: UpdateSettingsBody) => {
    const changes = changedSettings(list, body);
    if (Object.keys(changes).length === 0) {
      form.reset(form.getValues());
      toast.success(SYSTEM_MESSAGES.saved);
      return true;
    }
    try {
      await update.mutateAsync(changes);
      toast.success(SYSTEM_MESSAGES.saved);
      return true;
    } catch (error) {
      const apiError = parseApiError(error);
      for (const [key, message] of Object.entries(fieldErrorsFromDetails(apiError.details))) {
        const field = fields[key as SettingKey];
        if (field && message) form.setError(field, { type: 'server', message });
      }
      toast.error('Error', { description: apiError.message || SYSTEM_MESSAGES.saveFailed });
      return false;
    }
  };
  return { save, isPending: update.isPending };
}
