import { SETTING_DEFINITIONS as S, type SettingList } from '@app/shared/settings/settings.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Globe } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { settingValue } from '../api/system-settings';
import { LastChanged, SaveButton, SettingsCard, SwitchField, useSaveSettings } from './system-card';

const KEYS = [
  'platform.maintenance_mode',
  'platform.registrations_open',
  'platform.new_listings_open',
  'platform.name',
] as const;

const PlatformFormSchema = z.object({
  maintenanceMode: S['platform.maintenance_mode'].schema,
  registrationsOpen: S['platform.registrations_open'].schema,
  newListingsOpen: S['platform.new_listings_open'].schema,
  name: S['platform.name'].schema,
});
type PlatformForm = z.infer<typeof PlatformFormSchema>;

const toForm = (list: SettingList): PlatformForm => ({
  maintenanceMode: settingValue(list, 'platform.maintenance_mode'),
  registrationsOpen: settingValue(list, 'platform.registrations_open'),
  newListingsOpen: settingValue(list, 'platform.new_listings_open'),
  name: settingValue(list, 'platform.name'),
});

const toBody = (v: PlatformForm) => ({
  'platform.maintenance_mode': v.maintenanceMode,
  'platform.registrations_open': v.registrationsOpen,
  'platform.new_listings_open': v.newListingsOpen,
  'platform.name': v.name,
});

/** Platform: maintenance mode, new registrations, new listings and the platform name. */
export function SystemPlatformCard({ list }: { list: SettingList }) {
  const form = useForm<PlatformForm>({ resolver: zodResolver(PlatformFormSchema), values: toForm(list) });
  const { save, isPending } = useSaveSettings(form, list, { 'platform.name': 'name' });
  // Turning maintenance on locks every visitor and trader out, so it waits for a confirmation.
  const [pending, setPending] = useState<PlatformForm | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    if (values.maintenanceMode && !settingValue(list, 'platform.maintenance_mode')) {
      setPending(values);
      return;
    }
    await save(toBody(values));
  });

  const confirmMaintenance = async () => {
    if (!pending) return;
    await save(toBody(pending));
    setPending(null);
  };

  const { errors, isDirty } = form.formState;
  const currentName = settingValue(list, 'platform.name');
  return (
    <SettingsCard
      icon={Globe}
      title="Platform"
      description="Who can use the platform, and the name it shows."
      onSubmit={onSubmit}
      footer={
        <>
          <LastChanged list={list} keys={KEYS} />
          <SaveButton label="Save Platform Settings" busy={isPending} dirty={isDirty} />
        </>
      }
    >
      <Controller
        control={form.control}
        name="maintenanceMode"
        render={({ field }) => (
          <SwitchField
            label="Maintenance Mode"
            hint="Visitors and traders see the maintenance page; administrators keep full access."
            checked={field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />
      <Controller
        control={form.control}
        name="registrationsOpen"
        render={({ field }) => (
          <SwitchField
            label="New Registrations"
            hint="When off, sign-up is refused with a notice; existing users still sign in."
            checked={field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />
      <Controller
        control={form.control}
        name="newListingsOpen"
        render={({ field }) => (
          <SwitchField
            label="New Listings"
            hint="When off, traders cannot create listings; existing listings stay and can be edited."
            checked={field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />
      <FormField
        label="Platform Name"
        error={errors.name?.message}
        hint="Shown in the header, page titles and emails."
      >
        <Input maxLength={60} autoComplete="off" {...form.register('name')} />
      </FormField>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title="Turn on maintenance mode?"
        description={`Visitors and traders will see the maintenance page instead of ${pending?.name ?? currentName} until you turn it off. Administrators keep full access.`}
        confirmLabel="Turn On Maintenance Mode"
        busyLabel="Saving..."
        isBusy={isPending}
        onConfirm={() => void confirmMaintenance()}
        destructive={false}
      />
    </SettingsCard>
  );
}
