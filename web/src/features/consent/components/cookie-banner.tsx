import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CloseButton } from '@/components/ui/close-button';
import { paths } from '@/config/paths';
import { COOKIE_BANNER_DELAY_MS, readConsent, saveConsent } from '../consent-store';
import './cookie-banner.css';

/**
 * The cookie banner: appears 1 s after load when no choice is stored; 'Accept' stores true, 'Reject
 * All' stores false, the close button hides it for this visit only.
 */
export function CookieBanner() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (readConsent()) return;
    const timer = setTimeout(() => setVisible(true), COOKIE_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!visible) return null;

  function choose(accepted: boolean) {
    saveConsent(accepted);
    setVisible(false);
  }

  return (
    <section
      className="cookie-banner"
      role="region"
      aria-label="Cookie consent"
      data-testid="cookie-banner"
    >
      <div className="cookie-banner__text">
        <strong>We use cookies</strong>
        <p>
          BallMatch uses cookies and local storage to keep you signed in, remember your settings and
          count ad views. Read our <Link to={paths.privacyPolicy}>Privacy Policy</Link>.
        </p>
      </div>
      <div className="cookie-banner__actions">
        <Button size="sm" onClick={() => choose(true)}>
          Accept
        </Button>
        <Button size="sm" variant="secondary" onClick={() => choose(false)}>
          Reject All
        </Button>
      </div>
      <CloseButton
        className="cookie-banner__close"
        label="Close cookie banner"
        onClick={() => setVisible(false)}
        iconSize={12}
      />
    </section>
  );
}
