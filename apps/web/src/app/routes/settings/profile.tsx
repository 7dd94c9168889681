import { Building2, Settings, UserRound } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { SignedOutNotice } from '@/components/page/signed-out-notice';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PasswordResetEmailButton } from '@/features/auth/components/password-reset-email-button';
import { ProfileForm } from '@/features/auth/components/profile-form';
import { MyCompanies } from '@/features/companies/components/my-companies';
import { useAuth } from '@/lib/auth-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTabParam } from '@/lib/use-tab-param';
import { DeleteAccountButton, SettingsCard, SettingsHeader, SettingsSkeleton } from './settings-parts';

const TABS = ['profile', 'companies', 'account'] as const;

/** /profile (Profile Settings): profile, companies and account tabs, chosen by ?tab= (default profile). */
export function ProfilePage() {
  useDocumentTitle('Profile Settings', 'Edit your profile and your company profiles.');
  const { user, loading } = useAuth();
  const [tab, selectTab] = useTabParam(TABS);
  // ?tab=companies&add=true opens the add-company wizard; closing it drops add=true from the address.
  const [params, setParams] = useSearchParams();
  const isAddRequested = tab === 'companies' && params.get('add') === 'true';
  const clearAddRequest = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('add');
        return next;
      },
      { replace: true },
    );

  if (loading) return <SettingsSkeleton />;
  if (!user)
    return <SignedOutNotice title="Profile Settings" message="Please sign in to access your settings." />;

  return (
    <div className="container-page grid grid-cols-1 gap-8 py-10">
      <SettingsHeader
        title="Profile Settings"
        description="Your personal details, your companies and your account."
      />
      <Tabs value={tab} onValueChange={selectTab} className="min-w-0 max-w-3xl">
        <div className="-mx-1 overflow-x-auto px-1 pb-1">
          <TabsList className="w-full sm:w-auto">
            <TabsTrigger value="profile">
              <UserRound aria-hidden />
              Profile
            </TabsTrigger>
            <TabsTrigger value="companies">
              <Building2 aria-hidden />
              Companies
            </TabsTrigger>
            <TabsTrigger value="account">
              <Settings aria-hidden />
              Account
            </TabsTrigger>
          </TabsList>
        </div>

        <TabsContent value="profile" className="mt-6">
          <SettingsCard
            title="Profile Information"
            description="Your name as other traders see it on Recytrade."
          >
            <ProfileForm user={user} emailNote="Email cannot be changed" />
          </SettingsCard>
        </TabsContent>

        <TabsContent value="companies" className="mt-6">
          <MyCompanies openAddInitially={isAddRequested} onEditorClose={clearAddRequest} />
        </TabsContent>

        <TabsContent value="account" className="mt-6 grid gap-6">
          <SettingsCard
            title="Password"
            description={`We will email a link to ${user.email} so you can choose a new password.`}
          >
            <PasswordResetEmailButton email={user.email} />
          </SettingsCard>
          <SettingsCard
            title="Delete Account"
            description="Permanently delete your account and personal data."
          >
            <DeleteAccountButton />
          </SettingsCard>
        </TabsContent>
      </Tabs>
    </div>
  );
}
