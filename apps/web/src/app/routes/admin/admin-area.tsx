import { Outlet } from 'react-router';
import { AdminGate } from '@/features/admin/components/admin-gate';

/** The back office: every admin screen behind the administrator check, fetched with the first of them. */
export function AdminArea() {
  return (
    <AdminGate>
      <Outlet />
    </AdminGate>
  );
}
