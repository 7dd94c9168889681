import { SETTING_DEFINITIONS as S, type SettingList } from '@app/shared/settings/settings.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { settingValue } from '../api/system-settings';
import { LastChanged, SaveButton, SettingsCard, SwitchField, useSaveSettings } from './system-card';

const KEYS = [
  'email.smtp_host',
  'email.smtp_port',
  'email.from_address',
  'email.notifications_enabled',
] as const;

const EmailFormSchema = z.object({
  smtpHost: S['email.smtp_host'].schema,
  smtpPort: z
    .number({ error: 'The SMTP port must be between 1 and 65535' })
    .pipe(S['email.smtp_port'].schema),
  fromAddress: S['email.from_address'].schema,
  notificationsEnabled: S['email.notifications_enabled'].schema,
});
type EmailForm = z.infer<typeof EmailFormSchema>;

const toForm = (list: SettingList): EmailForm => ({
  smtpHost: settingValue(list, 'email.smtp_host'),
  smtpPort: settingValue(list, 'email.smtp_port'),
  fromAddress: settingValue(list, 'email.from_address'),
  notificationsEnabled: settingValue(list, 'email.notifications_enabled'),
});

const toBody = (v: EmailForm) => ({
  'email.smtp_host': v.smtpHost,
  'email.smtp_port': v.smtpPort,
  'email.from_address': v.fromAddress,
  'email.notifications_enabled': v.notificationsEnabled,
});

const asNumber = (value: unknown) => (value === '' || value === null ? Number.NaN : Number(value));

/** Email: the SMTP server, the From address and whether notification emails go out. */
export function SystemEmailCard({ list }: { list: SettingList }) {
  const form = useForm<EmailForm>({ resolver: zodResolver(EmailFormSchema), values: toForm(list) });
  const { save, isPending } = useSaveSettings(form, list, {
    'email.smtp_host': 'smtpHost',
    'email.smtp_port': 'smtpPort',
    'email.from_address': 'fromAddress',
  });
  const onSubmit = form.handleSubmit(async (values) => {
    await save(toBody(values));
  });
  const { errors, isDirty } = form.formState;
  return (
    <SettingsCard
      icon={Mail}
      title="Email"
      description="Where emails are sent from. Account emails always go out."
      onSubmit={onSubmit}
      footer={
        <>
          <LastChanged list={list} keys={KEYS} />
          <SaveButton label="Save Email Settings" busy={isPending} dirty={isDirty} />
        </>
      }
    >
      <div className="grid gap-5 sm:grid-cols-[1fr_8rem]">
        <FormField
          label="SMTP Host"
          error={errors.smtpHost?.message}
          hint="Leave empty to use the server's SMTP_URL."
        >
          <Input
            autoComplete="off"
            spellCheck={false}
            placeholder="smtp.example.com"
            {...form.register('smtpHost')}
          />
        </FormField>
        <FormField label="SMTP Port" error={errors.smtpPort?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={65535}
            step={1}
            className="tabular-nums"
            {...form.register('smtpPort', { setValueAs: asNumber })}
          />
        </FormField>
      </div>
      <FormField
        label="From Email"
        error={errors.fromAddress?.message}
        hint="Leave empty to use the server's MAIL_FROM."
      >
        <Input
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder="noreply@example.com"
          {...form.register('fromAddress')}
        />
      </FormField>
      <Controller
        control={form.control}
        name="notificationsEnabled"
        render={({ field }) => (
          <SwitchField
            label="Email Notifications"
            hint="Deal updates, message digests and listing reviews. Sign-up and password emails always go."
            checked={field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />
    </SettingsCard>
  );
}
