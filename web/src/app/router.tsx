import { createBrowserRouter, Navigate } from 'react-router';
import { prefetchChat } from '../features/conversations/route-loaders.ts';
import { prefetchDashboard } from '../features/dashboard/route-loaders.ts';
import { prefetchItem, prefetchMarketplace } from '../features/items/route-loaders.ts';
import { prefetchProfile } from '../features/profiles/route-loaders.ts';
import { withTexts } from '../lib/language.ts';
import { firstPageShown } from '../lib/route-prefetch.ts';
import { FullPageLoader } from './full-page-loader.tsx';
import { prefetchShell } from './layout/route-loader.ts';
import { RootLayout } from './root-layout.tsx';
import { RedirectIfSignedIn, RequireAuth } from './route-guards.tsx';
import { RouteError } from './route-error.tsx';

export const router = createBrowserRouter([
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: FullPageLoader,
    children: [
      {
        Component: RedirectIfSignedIn,
        children: [
          {
            path: 'login',
            lazy: async () => ({ Component: (await withTexts(import('../features/auth/pages/login-page.tsx'))).LoginPage }),
          },
          {
            path: 'register',
            lazy: async () => ({
              Component: (await withTexts(import('../features/auth/pages/register-page.tsx'))).RegisterPage,
            }),
          },
        ],
      },
      {
        // Open to everyone: read before registering, and again by members.
        path: 'terms',
        lazy: async () => ({ Component: (await withTexts(import('../features/auth/pages/terms-page.tsx'))).TermsPage }),
      },
      {
        // The community's own rules: open to everyone, like the terms.
        path: 'rules',
        lazy: async () => ({ Component: (await withTexts(import('../features/auth/pages/rules-page.tsx'))).RulesPage }),
      },
      {
        path: 'forgot-password',
        lazy: async () => ({
          Component: (await withTexts(import('../features/auth/pages/forgot-password-page.tsx'))).ForgotPasswordPage,
        }),
      },
      {
        path: 'reset-password/:token',
        lazy: async () => ({
          Component: (await withTexts(import('../features/auth/pages/reset-password-page.tsx'))).ResetPasswordPage,
        }),
      },
      {
        // Open to everyone: a mail's unsubscribe link works signed out.
        path: 'unsubscribe/:token',
        lazy: async () => ({
          Component: (await withTexts(import('../features/auth/pages/unsubscribe-page.tsx'))).UnsubscribePage,
        }),
      },
      {
        // Open to everyone: the link may be opened on a device that is not signed in.
        path: 'confirm-email/:token',
        lazy: async () => ({
          Component: (await withTexts(import('../features/auth/pages/confirm-email-page.tsx'))).ConfirmEmailPage,
        }),
      },
      {
        Component: RequireAuth,
        children: [
          {
            // Lazy too: /login never needs the shell, and RR loads it alongside the page's chunk.
            loader: prefetchShell,
            lazy: async () => ({ Component: (await withTexts(import('./layout/app-shell.tsx'))).AppShell }),
            children: [
              {
                // A failing page keeps the navigation around it, so the member can go elsewhere.
                ErrorBoundary: RouteError,
                children: [
                  {
                    index: true,
                    loader: prefetchDashboard,
                    lazy: async () => ({
                      Component: (await withTexts(import('../features/dashboard/pages/dashboard-page.tsx'))).DashboardPage,
                    }),
                  },
                  {
                    path: 'marketplace',
                    loader: prefetchMarketplace,
                    lazy: async () => ({
                      Component: (await withTexts(import('../features/items/pages/marketplace-page.tsx'))).MarketplacePage,
                    }),
                  },
                  {
                    path: 'item/:id',
                    loader: prefetchItem,
                    lazy: async () => ({
                      Component: (await withTexts(import('../features/items/pages/item-page.tsx'))).ItemPage,
                    }),
                  },
                  {
                    path: 'item/:id/edit',
                    lazy: async () => ({
                      Component: (await withTexts(import('../features/items/pages/edit-item-page.tsx'))).EditItemPage,
                    }),
                  },
                  {
                    path: 'add-item',
                    lazy: async () => ({
                      Component: (await withTexts(import('../features/items/pages/add-item-page.tsx'))).AddItemPage,
                    }),
                  },
                  {
                    path: 'propose-exchange/:id',
                    lazy: async () => ({
                      Component: (await withTexts(import('../features/proposals/pages/propose-exchange-page.tsx')))
                        .ProposeExchangePage,
                    }),
                  },
                  {
                    path: 'proposals',
                    lazy: async () => ({
                      Component: (await withTexts(import('../features/proposals/pages/proposals-page.tsx'))).ProposalsPage,
                    }),
                  },
                  {
                    path: 'proposals/:id',
                    lazy: async () => ({
                      Component: (await withTexts(import('../features/proposals/pages/proposal-page.tsx'))).ProposalPage,
                    }),
                  },
                  {
                    path: 'messages',
                    lazy: async () => ({
                      Component: (await withTexts(import('../features/conversations/pages/messages-page.tsx'))).MessagesPage,
                    }),
                  },
                  {
                    path: 'chat/:id',
                    loader: prefetchChat,
                    lazy: async () => ({
                      Component: (await withTexts(import('../features/conversations/pages/chat-page.tsx'))).ChatPage,
                    }),
                  },
                  {
                    path: 'profile/:id?',
                    loader: prefetchProfile,
                    lazy: async () => ({
                      Component: (await withTexts(import('../features/profiles/pages/profile-page.tsx'))).ProfilePage,
                    }),
                  },
                  {
                    path: 'history',
                    lazy: async () => ({
                      Component: (await withTexts(import('../features/history/pages/history-page.tsx'))).HistoryPage,
                    }),
                  },
                  {
                    path: 'settings',
                    lazy: async () => ({
                      Component: (await withTexts(import('../features/settings/pages/settings-page.tsx'))).SettingsPage,
                    }),
                  },
                  {
                    path: 'settings/notifications',
                    lazy: async () => ({
                      Component: (await withTexts(import('../features/settings/pages/settings-page.tsx'))).SettingsPage,
                    }),
                  },
                  {
                    path: 'admin',
                    lazy: async () => ({
                      Component: (await withTexts(import('../features/admin/components/admin-layout.tsx'))).AdminLayout,
                    }),
                    // Each admin section adds its page here.
                    children: [
                      {
                        index: true,
                        lazy: async () => ({
                          Component: (await withTexts(import('../features/admin/reports/pages/reports-page.tsx'))).ReportsPage,
                        }),
                      },
                      {
                        path: 'audit',
                        lazy: async () => ({
                          Component: (await withTexts(import('../features/admin/audit/pages/audit-page.tsx'))).AuditPage,
                        }),
                      },
                      {
                        path: 'members',
                        lazy: async () => ({
                          Component: (await withTexts(import('../features/admin/members/pages/members-page.tsx'))).MembersPage,
                        }),
                      },
                      {
                        path: 'invites',
                        lazy: async () => ({
                          Component: (await withTexts(import('../features/admin/invites/invites-page.tsx'))).InvitesPage,
                        }),
                      },
                      {
                        path: 'settings',
                        lazy: async () => ({
                          Component: (await withTexts(import('../features/admin/settings/community-settings-page.tsx')))
                            .CommunitySettingsPage,
                        }),
                      },
                      {
                        path: 'members/:id',
                        lazy: async () => ({
                          Component: (await withTexts(import('../features/admin/member-detail/pages/member-detail-page.tsx')))
                            .MemberDetailPage,
                        }),
                      },
                    ],
                  },
                  {
                    path: 'favourites',
                    lazy: async () => ({
                      Component: (await withTexts(import('../features/favourites/pages/favourites-page.tsx'))).FavouritesPage,
                    }),
                  },
                  {
                    path: 'saved-searches',
                    lazy: async () => ({
                      Component: (await withTexts(import('../features/saved-searches/pages/saved-searches-page.tsx'))).SavedSearchesPage,
                    }),
                  },
                  {
                    path: 'saved-searches/:id',
                    lazy: async () => ({
                      Component: (await withTexts(import('../features/saved-searches/pages/open-saved-search-page.tsx'))).OpenSavedSearchPage,
                    }),
                  },
                  {
                    path: 'notifications',
                    lazy: async () => ({
                      Component: (await withTexts(import('../features/notifications/pages/notifications-page.tsx')))
                        .NotificationsPage,
                    }),
                  },
                  {
                    path: 'not-found',
                    lazy: async () => ({ Component: (await withTexts(import('./pages/not-found-page.tsx'))).NotFoundPage }),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/not-found" replace /> },
    ],
  },
]);

// Only the page a member opens waits for its answers (lib/route-prefetch.ts); later navigations do not.
const stopWatching = router.subscribe((state) => {
  if (!state.initialized) return;
  firstPageShown();
  stopWatching();
});
