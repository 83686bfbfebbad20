import { Link } from 'react-router';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { OnThisPage } from './info-table';
import './info.css';

const SECTIONS = [
  { id: 'using', title: 'Using BallMatch' },
  { id: 'accounts', title: 'Accounts and names' },
  { id: 'fair-play', title: 'Fair play' },
  { id: 'leaderboards', title: 'Leaderboards' },
  { id: 'ads', title: 'Buying ads' },
  { id: 'refunds', title: 'Payments and refunds' },
  { id: 'ending', title: 'Ending' },
  { id: 'liability', title: 'Liability' },
  { id: 'changes', title: 'Changes' },
] as const;

/**
 * /terms-of-service: the rules of the site around the game: accounts and names, fair play,
 * buying ads, and the refund rules the ads service applies (docs/product.md 'Advertising').
 */
export default function TermsOfServiceRoute() {
  return (
    <Page
      className="page--narrow prose"
      title="Terms of Service"
      subtitle="The rules of the game, off the board."
    >
      <p className="info-updated">Last updated: November 2026</p>
      <p className="info-lead">
        By playing BallMatch, creating an account or buying an ad you agree to these terms. They are
        short on purpose; the <Link to={paths.privacyPolicy}>Privacy Policy</Link> says what we keep
        about you.
      </p>
      <OnThisPage sections={SECTIONS} />

      <h2 id="using">Using BallMatch</h2>
      <p>
        BallMatch is free to play in any modern browser. Anyone may play and submit scores under a
        name; an account keeps your progress across devices and your username on the boards. When
        our servers cannot be reached the game still runs as a practice game, whose score cannot be
        submitted.
      </p>

      <h2 id="accounts">Accounts and names</h2>
      <ul>
        <li>
          An account is for one person. Give an email address you can read: it is how we reach you.
        </li>
        <li>
          Keep your password to yourself; you are responsible for what happens under your account.
          Changing it signs out every other device.
        </li>
        <li>
          Usernames (3–20 letters, digits, '_' or '-') and the names scores are submitted under must
          not be offensive, impersonate anyone or infringe anyone's rights. A registered username
          and its look-alikes belong to its owner on every board; a few names such as 'admin' are
          reserved for nobody.
        </li>
        <li>
          You can export your data or delete your account at any time on{' '}
          <Link to={paths.editProfile}>Edit Profile</Link>.
        </li>
      </ul>

      <h2 id="fair-play">Fair play</h2>
      <p>
        Every ranked game is dealt and kept by our servers, which time each move themselves. Scores
        must come from a person playing: bots, scripts, modified clients, automated input and
        exploiting bugs are not allowed, and neither is starting games over and over to fish for a
        good board. A game whose timing looks automated is held for review instead of reaching the
        boards. Admins may void a score, reset scores, or ban a name from the boards; a banned
        player's entries leave every board until the ban is lifted.
      </p>
      <p>
        Extra moves are earned: 'Watch Ad' opens an ad and the server grants 7 extra moves, once per
        game, only to a game whose click it recorded.
      </p>

      <h2 id="leaderboards">Leaderboards</h2>
      <p>
        Weekly boards run from Monday 00:00 UTC to the next Monday; seasons run between the dates we
        announce; the all-time board keeps every verified game. Boards are for fun: no prize is
        promised unless an <Link to={paths.updates}>update</Link> announces one, with its own rules.
      </p>

      <h2 id="ads">Buying ads</h2>
      <ul>
        <li>
          Any signed-in account may buy a <strong>ball ad</strong> (its image on every ball of one
          colour, for every player, with a ring of that colour kept) or a <strong>banner ad</strong>{' '}
          (a 728×90 image at the foot of the site's pages), for a run of days from the list on the
          order page, at the price shown before you pay.
        </li>
        <li>
          Your ad must be lawful, suitable for players of all ages and yours to use; its link must
          be an https page that is what the ad says it is, without malware or deception. Images are
          PNG, JPEG or WebP, at most 5 MB and 4096 pixels a side; ball images are cropped to a
          square.
        </li>
        <li>
          Every ad is reviewed after payment and before it runs. We may approve it (to start at once
          or later) or reject it with a reason you see on your dashboard.
        </li>
        <li>
          A run is shared time: at most one ad shows per colour (and one banner per place) at a
          time, and ads of the same colour take turns, a minute each. Runs start and stop by the
          clock.
        </li>
        <li>
          Views and clicks are counted by our servers, each view once per game and each click once;
          your dashboard shows them. We do not guarantee a number of views.
        </li>
      </ul>

      <h2 id="refunds">Payments and refunds</h2>
      <ul>
        <li>
          You pay by card on our payment provider's (Stripe's) checkout page. A payment that fails
          or is abandoned charges nothing and the order is marked 'payment failed'.
        </li>
        <li>
          <strong>Rejected at review</strong>: refunded in full, once, automatically.
        </li>
        <li>
          <strong>Paused by us</strong>: the paused time is added to the end of the run.
        </li>
        <li>
          <strong>Ended early by us</strong>: we refund the share of the run not yet served, or
          nothing when the ad is ended for breaking these terms.
        </li>
        <li>A run that has been served in full is not refundable.</li>
        <li>
          Refunds go back to the card you paid with, through Stripe; your bank decides how long they
          take to appear.
        </li>
      </ul>

      <h2 id="ending">Ending</h2>
      <p>
        You may stop using BallMatch and delete your account whenever you like. We may remove names,
        scores or ads that break these terms, and close accounts that keep breaking them.
      </p>

      <h2 id="liability">Liability</h2>
      <p>
        BallMatch is provided as it is, without warranties. We work to keep it running and your
        scores safe, but we cannot promise it is always available or free of errors. As far as the
        law allows, we are not liable for indirect losses; what we owe you for an ad is at most what
        you paid for it.
      </p>

      <h2 id="changes">Changes</h2>
      <p>
        We may change the game and these terms. Significant changes are announced on{' '}
        <Link to={paths.updates}>Updates</Link> before they apply; playing on afterwards means you
        accept them. Questions? <Link to={paths.contact}>Contact us</Link>.
      </p>
    </Page>
  );
}
