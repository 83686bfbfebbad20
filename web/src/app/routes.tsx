import type { ComponentType } from 'react';
import { Outlet, ScrollRestoration, redirect, type RouteObject } from 'react-router';
import { CenteredSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { RequireAdmin, RequireUser } from '@/features/auth/components/route-guards';
import { AdminPrefetcher } from './admin-prefetcher';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './route-error';
import { adminPages } from './routes/admin/pages';

/** A lazily loaded page: its module's default export becomes the route component. */
function page(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

function Root() {
  return (
    <>
      <AdminPrefetcher />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/**
 * The route table (docs/product.md 'Pages and navigation'). Every page is its own chunk, so the
 * first load stays small.
 */
export const routes: RouteObject[] = [
  {
    Component: Root,
    HydrateFallback: () => <CenteredSpinner label="Loading BallMatch" />,
    ErrorBoundary: RouteError,
    children: [
      { path: paths.login, lazy: page(() => import('./routes/login')) },
      { path: paths.forgotPassword, lazy: page(() => import('./routes/forgot-password')) },
      { path: paths.resetPassword, lazy: page(() => import('./routes/reset-password')) },
      {
        // The query (?next=, the page to come back to after signing in) goes along.
        path: paths.auth,
        loader: ({ request }) => redirect(`${paths.login}${new URL(request.url).search}`),
      },
      { path: paths.adminLoginAlias, loader: () => redirect(paths.login) },
      {
        Component: AppLayout,
        children: [
          {
            // Errors inside a page keep the header and footer around them.
            ErrorBoundary: RouteError,
            children: [
              { index: true, lazy: page(() => import('./routes/home')) },
              { path: paths.play, lazy: page(() => import('./routes/play')) },
              { path: paths.leaderboards, lazy: page(() => import('./routes/leaderboards')) },
              {
                path: paths.leaderboardArchive,
                lazy: page(() => import('./routes/leaderboard-archive')),
              },
              { path: paths.highScores, lazy: page(() => import('./routes/high-scores')) },
              { path: paths.updates, lazy: page(() => import('./routes/updates')) },
              { path: paths.updatePattern, lazy: page(() => import('./routes/update')) },
              {
                path: paths.privacyPolicy,
                lazy: page(() => import('./routes/info/privacy-policy')),
              },
              {
                path: paths.termsOfService,
                lazy: page(() => import('./routes/info/terms-of-service')),
              },
              { path: paths.contact, lazy: page(() => import('./routes/info/contact')) },
              { path: paths.about, lazy: page(() => import('./routes/info/about')) },
              { path: paths.faq, lazy: page(() => import('./routes/info/faq')) },
              {
                path: paths.bannerAdsTest,
                lazy: page(() => import('./routes/dev/banner-ads-test')),
              },
              {
                path: paths.adBlockerDemo,
                lazy: page(() => import('./routes/dev/ad-blocker-demo')),
              },
              {
                path: paths.testWebsocket,
                lazy: page(() => import('./routes/dev/test-websocket')),
              },
              {
                Component: RequireUser,
                children: [
                  {
                    path: paths.userDashboard,
                    lazy: page(() => import('./routes/account/user-dashboard')),
                  },
                  {
                    path: paths.editProfile,
                    lazy: page(() => import('./routes/account/edit-profile')),
                  },
                  { path: paths.buyAds, lazy: page(() => import('./routes/account/buy-ads')) },
                  {
                    path: paths.buyBannerAds,
                    lazy: page(() => import('./routes/account/buy-banner-ads')),
                  },
                  { path: paths.payment, lazy: page(() => import('./routes/account/payment')) },
                  {
                    path: paths.paymentSuccess,
                    lazy: page(() => import('./routes/account/payment-success')),
                  },
                ],
              },
              {
                Component: RequireAdmin,
                children: [
                  { path: paths.admin, lazy: page(adminPages.panel) },
                  { path: paths.adminDashboard, lazy: page(adminPages.dashboard) },
                  { path: paths.gameAnalytics, lazy: page(adminPages.gameAnalytics) },
                  { path: paths.adminAdsReview, lazy: page(adminPages.adsReview) },
                  { path: paths.adminBannerAdsReview, lazy: page(adminPages.bannerAdsReview) },
                  { path: paths.adminBannerAdsManage, lazy: page(adminPages.bannerAdsManage) },
                  { path: paths.adminAdsStats, lazy: page(adminPages.adsStats) },
                  { path: paths.adminIconsStats, lazy: page(adminPages.iconsStats) },
                  { path: paths.adminFeedback, lazy: page(adminPages.feedback) },
                  { path: paths.adminUpdates, lazy: page(adminPages.updates) },
                  { path: paths.adminAdManagement, lazy: page(adminPages.adManagement) },
                  { path: paths.adminPlayerTracking, lazy: page(adminPages.playerTracking) },
                ],
              },
              { path: '*', lazy: page(() => import('./routes/not-found')) },
            ],
          },
        ],
      },
    ],
  },
];
