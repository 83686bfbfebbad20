// Loaders of the admin pages. The router loads them on demand; signing in as an admin (or loading
// an admin's session) fetches them all ahead of time (docs/product.md 'Accounts and sign-in').
export const adminPages = {
  panel: () => import('./admin-panel'),
  dashboard: () => import('./dashboard'),
  gameAnalytics: () => import('./game-analytics'),
  adsReview: () => import('./ads-review'),
  bannerAdsReview: () => import('./banner-ads-review'),
  bannerAdsManage: () => import('./banner-ads-manage'),
  adsStats: () => import('./ads-stats'),
  iconsStats: () => import('./icons-stats'),
  feedback: () => import('./feedback'),
  updates: () => import('./updates'),
  adManagement: () => import('./ad-management'),
  playerTracking: () => import('./player-tracking'),
} as const;

let prefetched: Promise<unknown> | null = null;

/** Starts loading every admin page once; later calls reuse the first. */
export function prefetchAdminPages(): Promise<unknown> {
  prefetched ??= Promise.all(Object.values(adminPages).map((load) => load())).catch((error) => {
    prefetched = null; // a failed prefetch may be retried; the router loads on demand anyway
    console.warn('[admin] prefetch of admin pages failed:', error);
  });
  return prefetched;
}
