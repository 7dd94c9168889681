import { createBrowserRouter, Outlet } from 'react-router';
import { AdminGate } from '@/features/admin/components/admin-gate';
import { RequireSignedIn } from '@/features/auth/components/require-signed-in';
import { AppLayout } from './layout/app-layout';
import { AboutPage } from './routes/about';
import { AdminBlogPage } from './routes/admin/blog';
import { AdminBlogEditorPage } from './routes/admin/blog-editor';
import { AdminBulkEmailPage } from './routes/admin/bulk-email';
import { AdminCompaniesPage } from './routes/admin/companies';
import { AdminEmailPage } from './routes/admin/email';
import { AdminImpactFactorsPage } from './routes/admin/impact-factors';
import { AdminDashboardPage } from './routes/admin/index';
import { AdminListingsPage } from './routes/admin/listings';
import { AdminSecurityPage } from './routes/admin/security';
import { AdminSystemPage } from './routes/admin/system';
import { AdminUsersPage } from './routes/admin/users';
import { AdminPaymentsPage } from './routes/admin/wire-transfers';
import { ApiDocsPage } from './routes/api-docs';
import { ApiOverviewPage } from './routes/api-overview';
import { ApiSdkPage } from './routes/api-sdk';
import { AuthConfirmPage } from './routes/auth-confirm';
import { BlogPage } from './routes/blog';
import { BlogPostPage } from './routes/blog-post';
import { CompanyDetailPage } from './routes/company-detail';
import { CompanyDirectoryPage } from './routes/company-directory';
import { ContactPage } from './routes/contact';
import { DashboardPage } from './routes/dashboard/dashboard';
import { DealsPage } from './routes/deals';
import { EscrowTestPage } from './routes/escrow-test';
import { HelpPage } from './routes/help';
import { HomePage } from './routes/home';
import { ListingDetailPage } from './routes/listing-detail';
import { ManageListingsPage } from './routes/manage-listings';
import { MarketPage } from './routes/market';
import { MarketplacePage } from './routes/marketplace';
import { MessagesPage } from './routes/messages';
import { NotFoundPage } from './routes/not-found';
import { PaymentsPage } from './routes/payments';
import { PrivacyPage } from './routes/privacy';
import { ResetPasswordPage } from './routes/reset-password';
import { RouteError } from './routes/route-error';
import { AccountPage } from './routes/settings/account';
import { ProfilePage } from './routes/settings/profile';
import { SubscriptionPage } from './routes/subscription';
import { TermsPage } from './routes/terms';
import { UnsubscribePage } from './routes/unsubscribe';

/** The full route table of the specification (document 3, section 2), plus /reset-password. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      {
        // Errors render inside the layout, so navigation stays available.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'subscription', element: <SubscriptionPage /> },
          { path: 'marketplace', element: <MarketplacePage /> },
          { path: 'market', element: <MarketPage /> },
          { path: 'listings/:id', element: <ListingDetailPage /> },
          { path: 'directory', element: <CompanyDirectoryPage /> },
          { path: 'company-directory', element: <CompanyDirectoryPage /> },
          { path: 'companies/:id', element: <CompanyDetailPage /> },
          { path: 'dashboard', element: <DashboardPage /> },
          { path: 'manage-listings', element: <ManageListingsPage /> },
          {
            path: 'messages',
            element: (
              <RequireSignedIn>
                <MessagesPage />
              </RequireSignedIn>
            ),
          },
          { path: 'deals', element: <DealsPage /> },
          { path: 'blog', element: <BlogPage /> },
          { path: 'blog/:slug', element: <BlogPostPage /> },
          {
            path: 'escrow-test',
            element: (
              <RequireSignedIn>
                <EscrowTestPage />
              </RequireSignedIn>
            ),
          },
          {
            path: 'account',
            element: <AccountPage />,
          },
          {
            path: 'profile',
            element: <ProfilePage />,
          },
          { path: 'about', element: <AboutPage /> },
          {
            path: 'contact',
            element: <ContactPage />,
          },
          { path: 'help', element: <HelpPage /> },
          { path: 'terms', element: <TermsPage /> },
          {
            path: 'privacy',
            element: <PrivacyPage />,
          },
          {
            path: 'api',
            element: <ApiOverviewPage />,
          },
          { path: 'api/docs', element: <ApiDocsPage /> },
          { path: 'api/sdk', element: <ApiSdkPage /> },
          {
            path: 'payments',
            element: <PaymentsPage />,
          },
          {
            path: 'auth/confirm',
            element: <AuthConfirmPage />,
          },
          {
            path: 'reset-password',
            element: <ResetPasswordPage />,
          },
          { path: 'unsubscribe', element: <UnsubscribePage /> },
          {
            path: 'admin',
            element: (
              <AdminGate>
                <Outlet />
              </AdminGate>
            ),
            children: [
              { index: true, element: <AdminDashboardPage /> },
              { path: 'users', element: <AdminUsersPage /> },
              { path: 'listings', element: <AdminListingsPage /> },
              { path: 'companies', element: <AdminCompaniesPage /> },
              { path: 'wire-transfers', element: <AdminPaymentsPage /> },
              { path: 'blog', element: <AdminBlogPage /> },
              { path: 'blog/new', element: <AdminBlogEditorPage /> },
              { path: 'blog/:id/edit', element: <AdminBlogEditorPage /> },
              { path: 'bulk-email', element: <AdminBulkEmailPage /> },
              // The dashboard card says /admin/email, the route table /admin/email-management: both work.
              { path: 'email', element: <AdminEmailPage /> },
              { path: 'email-management', element: <AdminEmailPage /> },
              { path: 'security', element: <AdminSecurityPage /> },
              { path: 'system', element: <AdminSystemPage /> },
              { path: 'impact-factors', element: <AdminImpactFactorsPage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
