import { PageTitle } from '@/components/page/page-title';
import { site } from '@/config/site';

export default function PrivacyPolicyRoute() {
  return (
    <div className="page page--narrow prose">
      <PageTitle title="Privacy Policy" subtitle="What we keep about you, and why." />
      <h2>Account data</h2>
      <p>
        When you register we store your username, email address, an optional EVM wallet address and
        a salted hash of your password (never the password itself). We use them to sign you in, show
        your name on leaderboards and contact you about your account.
      </p>
      <h2>Game data</h2>
      <p>
        We keep your scores, levels reached and the moves of submitted games, which we use to verify
        scores and to detect cheating. Session records include a device fingerprint and timing
        details for the same purpose.
      </p>
      <h2>Cookies and local storage</h2>
      <ul>
        <li>One sign-in cookie (httpOnly) keeps you logged in; it is removed when you log out.</li>
        <li>
          Your browser's local storage holds your local high scores, the player name you last used,
          which updates you have read and your cookie choice.
        </li>
      </ul>
      <h2>Advertising</h2>
      <p>
        We count how often ads and ball icons are shown, without tying those counts to your
        identity. Card payments are handled by our payment provider; we never see your card number.
      </p>
      <h2>Your choices</h2>
      <p>
        You can change your details at any time on your profile page. To delete your account or get
        a copy of your data, write to{' '}
        <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>. We do not sell personal
        data.
      </p>
    </div>
  );
}
