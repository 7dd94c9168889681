import { Building2, KeyRound, Shield, SlidersHorizontal, UserRound } from 'lucide-react';
import { SignedOutNotice } from '@/components/page/signed-out-notice';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { PasswordResetEmailButton } from '@/features/auth/components/password-reset-email-button';
import { ProfileForm } from '@/features/auth/components/profile-form';
import { MyCompanies } from '@/features/companies/components/my-companies';
import { MarketingEmailsSetting } from '@/features/email-preferences/components/marketing-emails-setting';
import { MatchDigestSetting } from '@/features/market/matching/components/match-digest-setting';
import { MessageDigestSetting } from '@/features/messaging/components/message-digest-setting';
import { ApiKeysPanel } from '@/features/public-api/components/api-keys-panel';
import { PushSettings } from '@/features/push/components/push-settings';
import { BlockedTraders } from '@/features/trust/components/blocked-traders';
import { useAuth } from '@/lib/auth-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTabParam } from '@/lib/use-tab-param';
import { DeleteAccountButton, SettingsCard, SettingsHeader, SettingsSkeleton } from './settings-parts';

const TABS = ['profile', 'security', 'companies', 'preferences', 'api-keys'] as const;

/** /account: Profile, Security, Companies, Preferences and API Keys, the tab chosen by ?tab=. */
export function AccountPage() {
  useDocumentTitle('Account Settings', 'Manage your email, password, subscription and account.');
  const { user, loading } = useAuth();
  const [tab, selectTab] = useTabParam(TABS);

  if (loading) return <SettingsSkeleton />;
  if (!user)
    return (
      <SignedOutNotice title="Account Settings" message="Please sign in to access your account settings." />
    );

  return (
    <div className="container-page grid grid-cols-1 gap-8 py-10">
      <SettingsHeader
        title="Account Settings"
        description="Manage your profile, password, companies, preferences and API keys."
      />
      <Tabs value={tab} onValueChange={selectTab} className="min-w-0 max-w-3xl">
        <div>
          <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-10 sm:w-auto [&>:last-child:nth-child(odd)]:col-span-2">
            <TabsTrigger value="profile">
              <UserRound aria-hidden />
              Profile
            </TabsTrigger>
            <TabsTrigger value="security">
              <Shield aria-hidden />
              Security
            </TabsTrigger>
            <TabsTrigger value="companies">
              <Building2 aria-hidden />
              Companies
            </TabsTrigger>
            <TabsTrigger value="preferences">
              <SlidersHorizontal aria-hidden />
              Preferences
            </TabsTrigger>
            <TabsTrigger value="api-keys">
              <KeyRound aria-hidden />
              API Keys
            </TabsTrigger>
          </TabsList>
        </div>

        <TabsContent value="profile" className="mt-6">
          <SettingsCard
            title="Profile Information"
            description="Your name as other traders see it on Recytrade."
          >
            <ProfileForm
              user={user}
              emailNote="Email cannot be changed. Contact support if you need to update your email."
            />
          </SettingsCard>
        </TabsContent>

        <TabsContent value="security" className="mt-6 grid gap-6">
          <SettingsCard
            title="Change Password"
            description="Enter your current password, then choose a new one."
          >
            <ChangePasswordForm />
          </SettingsCard>
          <SettingsCard
            title="Password Reset Email"
            description={`Forgot your current password? We will send a reset link to ${user.email}.`}
          >
            <PasswordResetEmailButton email={user.email} />
          </SettingsCard>
        </TabsContent>

        <TabsContent value="companies" className="mt-6">
          <MyCompanies />
        </TabsContent>

        <TabsContent value="preferences" className="mt-6 grid gap-6">
          <SettingsCard title="Notifications" description="Choose which emails and alerts you receive.">
            <div className="grid gap-6 divide-y [&>*:not(:last-child)]:pb-6">
              <MessageDigestSetting />
              <MatchDigestSetting />
              <MarketingEmailsSetting />
            </div>
          </SettingsCard>
          <SettingsCard
            title="Push notifications"
            description="Be told on your phone or computer when a buyer writes or a deal needs you."
          >
            <PushSettings />
          </SettingsCard>
          <SettingsCard
            title="Blocked traders"
            description="Blocked traders cannot message you or trade with you, and you do not see their listings."
          >
            <BlockedTraders />
          </SettingsCard>
          <SettingsCard
            title="Privacy"
            description="Control what other traders can see about you and your company."
          >
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Shield className="size-4 shrink-0" aria-hidden />
              Privacy settings will be available in a future update.
            </p>
          </SettingsCard>
          <SettingsCard
            title="Delete Account"
            description="Permanently delete your account and personal data."
          >
            <DeleteAccountButton />
          </SettingsCard>
        </TabsContent>

        <TabsContent value="api-keys" className="mt-6">
          <ApiKeysPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
