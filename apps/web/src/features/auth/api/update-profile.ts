import type { Me, UpdateProfileBody } from '@app/shared/accounts/accounts.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryKey } from './get-me';

export async function updateProfile(body: UpdateProfileBody): Promise<Me> {
  return api.patch<Me>('/api/me/profile', body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
