import type {
  ADMIN_USER_STATUSES,
  AdminRecord,
  AdminRecordList,
  AdminUserPage,
} from '@app/shared/admin/admin-users.schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { AdminRecord, AdminUser } from '@app/shared/admin/admin-users.schemas';
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];

export const adminAdminsKey = ['admin', 'admins'] as const;
export const adminUsersKey = ['admin', 'users'] as const;

/** GET /api/admin/admins: every administrator. */
export const useAdmins = () =>
  useQuery(
    queryOptions({
      queryKey: adminAdminsKey,
      queryFn: async ({ signal }): Promise<AdminRecord[]> =>
        (await api.get<AdminRecordList>('/api/admin/admins', { signal })).items,
    }),
  );

/** GET /api/admin/users?q&status&page: 25 users a page, newest first (suspended: latest suspension first). */
export const useAdminUsers = (filter: { q: string; status: AdminUserStatus; page: number }) =>
  useQuery(
    queryOptions({
      queryKey: [...adminUsersKey, filter.status, filter.q, filter.page],
      queryFn: async ({ signal }): Promise<AdminUserPage> =>
        api.get<AdminUserPage>('/api/admin/users', { query: filter, signal }),
      placeholderData: keepPreviousData,
    }),
  );

function useInvalidating<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminAdminsKey }),
        queryClient.invalidateQueries({ queryKey: adminUsersKey }),
        // Removing oneself ends one's own access: the admin check answers anew.
        queryClient.invalidateQueries({ queryKey: ['admin', 'check'] }),
      ]),
  });
}

/** POST /api/admin/admins {email} */
export const useAddAdmin = () =>
  useInvalidating(async (email: string) => api.post<AdminRecord>('/api/admin/admins', { email }));

/** DELETE /api/admin/admins/:id */
export const useRemoveAdmin = () =>
  useInvalidating((id: string) => api.delete(`/api/admin/admins/${encodeURIComponent(id)}`));

/** POST /api/admin/users/:id/suspend {reason}: the user cannot sign in and their sessions end. */
export const useSuspendUser = () =>
  useInvalidating(({ id, reason }: { id: string; reason: string }) =>
    api.post(`/api/admin/users/${encodeURIComponent(id)}/suspend`, { reason }),
  );

/** POST /api/admin/users/:id/reinstate */
export const useReinstateUser = () =>
  useInvalidating((id: string) => api.post(`/api/admin/users/${encodeURIComponent(id)}/reinstate`));
