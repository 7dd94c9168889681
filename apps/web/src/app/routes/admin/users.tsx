import { PageHeader } from '@/components/page/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { UsersAdminsPanel } from '@/features/auth/admin/users-admins-panel';
import { UsersList } from '@/features/auth/admin/users-list';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTabParam } from '@/lib/use-tab-param';

const TABS = ['admins', 'users', 'suspended'] as const;
const LABELS: Record<(typeof TABS)[number], string> = {
  admins: 'Admins',
  users: 'All Users',
  suspended: 'Suspended',
};

/** /admin/users (behind the admin gate): administrators, every account, and suspended accounts. */
export function AdminUsersPage() {
  useDocumentTitle('User Management', 'Manage administrators and user accounts.');
  const [tab, selectTab] = useTabParam(TABS);
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="User Management"
        description={
          <p>
            Add or remove administrators, look up any account, and suspend or reinstate users. A suspended
            user is signed out at once and cannot sign in.
          </p>
        }
      />
      <div className="container-page py-8">
        <Tabs value={tab} onValueChange={selectTab}>
          <TabsList aria-label="User management views">
            {TABS.map((value) => (
              <TabsTrigger key={value} value={value}>
                {LABELS[value]}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="admins" className="mt-6">
            {tab === 'admins' ? <UsersAdminsPanel /> : null}
          </TabsContent>
          <TabsContent value="users" className="mt-6">
            {tab === 'users' ? <UsersList status="all" /> : null}
          </TabsContent>
          <TabsContent value="suspended" className="mt-6">
            {tab === 'suspended' ? <UsersList status="suspended" /> : null}
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}
