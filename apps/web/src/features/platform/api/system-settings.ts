import {
  SETTING_DEFINITIONS,
  type SettingKey,
  type SettingList,
  type SettingValue,
  type UpdateSettingsBody,
} from '@app/shared/settings/settings.schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const adminSettingsKey = ['admin', 'settings'] as const;

export async function getAdminSettings(signal?: AbortSignal): Promise<SettingList> {
  return api.get<SettingList>('/api/admin/settings', { signal });
}

export const adminSettingsQueryOptions = () =>
  queryOptions({ queryKey: adminSettingsKey, queryFn: ({ signal }) => getAdminSettings(signal) });

/** GET /api/admin/settings: every setting with its value, default, description and last change. */
export const useAdminSettings = () => useQuery(adminSettingsQueryOptions());

/** PATCH /api/admin/settings with the changed keys only; answers the whole new list. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateSettingsBody) => api.patch<SettingList>('/api/admin/settings', body),
    onSuccess: (list) => {
      queryClient.setQueryData(adminSettingsKey, list);
      // The public views of the settings (platform status, prices) change with them.
      void queryClient.invalidateQueries({ queryKey: ['settings'] });
    },
  });
}

/** A setting's current value, typed by its key; the default when the stored one is missing or invalid. */
export function settingValue<K extends SettingKey>(list: SettingList, key: K): SettingValue<K> {
  const entry = list.settings.find((s) => s.key === key);
  const parsed = SETTING_DEFINITIONS[key].schema.safeParse(entry?.value);
  return (parsed.success ? parsed.data : SETTING_DEFINITIONS[key].default) as SettingValue<K>;
}

/** The latest change among these keys (ISO), or null when none has been stored. */
export function lastChangedAt(list: SettingList, keys: readonly SettingKey[]): string | null {
  const times = list.settings
    .filter((s) => (keys as readonly string[]).includes(s.key) && s.updatedAt)
    .map((s) => s.updatedAt as string)
    .sort();
  return times.at(-1) ?? null;
}

/** Server validation details (`{ path: '/email.smtp_port', message }`) by setting key. */
export function fieldErrorsFromDetails(details: unknown): Partial<Record<SettingKey, string>> {
  if (!Array.isArray(details)) return {};
  const errors: Partial<Record<SettingKey, string>> = {};
  for (const item of details) {
    if (!item || typeof item !== 'object') continue;
    const { path, message } = item as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    const key = path.replace(/^\//, '').split('/')[0] as SettingKey;
    if (key in SETTING_DEFINITIONS && !errors[key]) errors[key] = message;
  }
  return errors;
}
