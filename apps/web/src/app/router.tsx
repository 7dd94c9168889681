import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { RequireSignedIn } from '@/features/auth/components/require-signed-in';
import { AppLayout } from './layout/app-layout';
import { RouteSkeleton } from './layout/route-skeleton';
import { RouteError } from './routes/route-error';

/**
 * A screen whose code is fetched the first time its route matches (or is prefetched, see
 * prefetch.ts): `load` is the dynamic import, so each screen is its own chunk.
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const companyDirectory = page(
  () => import('./routes/company-directory'),
  (m) => m.CompanyDirectoryPage,
);
const adminEmail = page(
  () => import('./routes/admin/email'),
  (m) => m.AdminEmailPage,
);
const adminBlogEditor = page(
  () => import('./routes/admin/blog-editor'),
  (m) => m.AdminBlogEditorPage,
);
const notFound = page(
  () => import('./routes/not-found'),
  (m) => m.NotFoundPage,
);

/** The full route table of the specification (document 3, section 2), plus /reset-password. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        // Errors render inside the layout, so navigation stays available. While the first screen's
        // code loads, its skeleton fills the layout's outlet.
        errorElement: <RouteError />,
        HydrateFallback: RouteSkeleton,
        children: [
          {
            index: true,
            lazy: page(
              () => import('./routes/home'),
              (m) => m.HomePage,
            ),
          },
          {
            path: 'subscription',
            lazy: page(
              () => import('./routes/subscription'),
              (m) => m.SubscriptionPage,
            ),
          },
          {
            path: 'marketplace',
            lazy: page(
              () => import('./routes/marketplace'),
              (m) => m.MarketplacePage,
            ),
          },
          {
            path: 'market',
            lazy: page(
              () => import('./routes/market'),
              (m) => m.MarketPage,
            ),
          },
          {
            path: 'listings/:id',
            lazy: page(
              () => import('./routes/listing-detail'),
              (m) => m.ListingDetailPage,
            ),
          },
          { path: 'directory', lazy: companyDirectory },
          { path: 'company-directory', lazy: companyDirectory },
          {
            path: 'companies/:id',
            lazy: page(
              () => import('./routes/company-detail'),
              (m) => m.CompanyDetailPage,
            ),
          },
          {
            path: 'dashboard',
            lazy: page(
              () => import('./routes/dashboard/dashboard'),
              (m) => m.DashboardPage,
            ),
          },
          {
            path: 'manage-listings',
            lazy: page(
              () => import('./routes/manage-listings'),
              (m) => m.ManageListingsPage,
            ),
          },
          {
            element: (
              <RequireSignedIn>
                <Outlet />
              </RequireSignedIn>
            ),
            children: [
              {
                path: 'messages',
                lazy: page(
                  () => import('./routes/messages'),
                  (m) => m.MessagesPage,
                ),
              },
              {
                path: 'escrow-test',
                lazy: page(
                  () => import('./routes/escrow-test'),
                  (m) => m.EscrowTestPage,
                ),
              },
            ],
          },
          {
            path: 'deals',
            lazy: page(
              () => import('./routes/deals'),
              (m) => m.DealsPage,
            ),
          },
          {
            path: 'blog',
            lazy: page(
              () => import('./routes/blog'),
              (m) => m.BlogPage,
            ),
          },
          {
            path: 'blog/:slug',
            lazy: page(
              () => import('./routes/blog-post'),
              (m) => m.BlogPostPage,
            ),
          },
          {
            path: 'account',
            lazy: page(
              () => import('./routes/settings/account'),
              (m) => m.AccountPage,
            ),
          },
          {
            path: 'profile',
            lazy: page(
              () => import('./routes/settings/profile'),
              (m) => m.ProfilePage,
            ),
          },
          {
            path: 'about',
            lazy: page(
              () => import('./routes/about'),
              (m) => m.AboutPage,
            ),
          },
          {
            path: 'contact',
            lazy: page(
              () => import('./routes/contact'),
              (m) => m.ContactPage,
            ),
          },
          {
            path: 'help',
            lazy: page(
              () => import('./routes/help'),
              (m) => m.HelpPage,
            ),
          },
          {
            path: 'terms',
            lazy: page(
              () => import('./routes/terms'),
              (m) => m.TermsPage,
            ),
          },
          {
            path: 'privacy',
            lazy: page(
              () => import('./routes/privacy'),
              (m) => m.PrivacyPage,
            ),
          },
          {
            path: 'api',
            lazy: page(
              () => import('./routes/api-overview'),
              (m) => m.ApiOverviewPage,
            ),
          },
          {
            path: 'api/docs',
            lazy: page(
              () => import('./routes/api-docs'),
              (m) => m.ApiDocsPage,
            ),
          },
          {
            path: 'api/sdk',
            lazy: page(
              () => import('./routes/api-sdk'),
              (m) => m.ApiSdkPage,
            ),
          },
          {
            path: 'payments',
            lazy: page(
              () => import('./routes/payments'),
              (m) => m.PaymentsPage,
            ),
          },
          {
            path: 'auth/confirm',
            lazy: page(
              () => import('./routes/auth-confirm'),
              (m) => m.AuthConfirmPage,
            ),
          },
          {
            path: 'reset-password',
            lazy: page(
              () => import('./routes/reset-password'),
              (m) => m.ResetPasswordPage,
            ),
          },
          {
            path: 'unsubscribe',
            lazy: page(
              () => import('./routes/unsubscribe'),
              (m) => m.UnsubscribePage,
            ),
          },
          {
            path: 'admin',
            lazy: page(
              () => import('./routes/admin/admin-area'),
              (m) => m.AdminArea,
            ),
            children: [
              {
                index: true,
                lazy: page(
                  () => import('./routes/admin/index'),
                  (m) => m.AdminDashboardPage,
                ),
              },
              {
                path: 'users',
                lazy: page(
                  () => import('./routes/admin/users'),
                  (m) => m.AdminUsersPage,
                ),
              },
              {
                path: 'listings',
                lazy: page(
                  () => import('./routes/admin/listings'),
                  (m) => m.AdminListingsPage,
                ),
              },
              {
                path: 'companies',
                lazy: page(
                  () => import('./routes/admin/companies'),
                  (m) => m.AdminCompaniesPage,
                ),
              },
              {
                path: 'wire-transfers',
                lazy: page(
                  () => import('./routes/admin/wire-transfers'),
                  (m) => m.AdminPaymentsPage,
                ),
              },
              {
                path: 'blog',
                lazy: page(
                  () => import('./routes/admin/blog'),
                  (m) => m.AdminBlogPage,
                ),
              },
              { path: 'blog/new', lazy: adminBlogEditor },
              { path: 'blog/:id/edit', lazy: adminBlogEditor },
              {
                path: 'bulk-email',
                lazy: page(
                  () => import('./routes/admin/bulk-email'),
                  (m) => m.AdminBulkEmailPage,
                ),
              },
              // The dashboard card says /admin/email, the route table /admin/email-management: both work.
              { path: 'email', lazy: adminEmail },
              { path: 'email-management', lazy: adminEmail },
              {
                path: 'security',
                lazy: page(
                  () => import('./routes/admin/security'),
                  (m) => m.AdminSecurityPage,
                ),
              },
              {
                path: 'system',
                lazy: page(
                  () => import('./routes/admin/system'),
                  (m) => m.AdminSystemPage,
                ),
              },
              {
                path: 'reviews',
                lazy: page(
                  () => import('./routes/admin/reviews'),
                  (m) => m.AdminReviewsPage,
                ),
              },
              {
                path: 'reports',
                lazy: page(
                  () => import('./routes/admin/reports'),
                  (m) => m.AdminReportsPage,
                ),
              },
              {
                path: 'claims',
                lazy: page(
                  () => import('./routes/admin/claims'),
                  (m) => m.AdminClaimsPage,
                ),
              },
              {
                path: 'impact-factors',
                lazy: page(
                  () => import('./routes/admin/impact-factors'),
                  (m) => m.AdminImpactFactorsPage,
                ),
              },
              { path: '*', lazy: notFound },
            ],
          },
          { path: '*', lazy: notFound },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
