import { Outlet } from 'react-router';
import { AchievementAnnouncer } from '@/features/achievements/components/achievement-announcer';
import { BannerPlace } from '@/features/ads/components/banner-place';
import { CookieBanner } from '@/features/consent/components/cookie-banner';
import { ScoreOutboxRelay } from '@/features/game/components/score-outbox-relay';
import { Footer } from './footer';
import { Header } from './header';

/** Every page except the sign-in screen: header, the page, the footer's banner place, footer. */
export function AppLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="app-main">
        <Outlet />
      </main>
      <BannerPlace placement="footer" />
      <Footer />
      <CookieBanner />
      <ScoreOutboxRelay />
      <AchievementAnnouncer />
    </>
  );
}
