import { Link } from 'react-router';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { InfoTable, OnThisPage } from './info-table';
import './info.css';

const SECTIONS = [
  { id: 'what-we-keep', title: 'What we keep' },
  { id: 'public', title: 'What others can see' },
  { id: 'cookies', title: 'Cookies and storage' },
  { id: 'payments', title: 'Payments' },
  { id: 'your-choices', title: 'Your choices' },
  { id: 'changes', title: 'Changes' },
] as const;

/** The one cookie (docs/api.md 'Authentication'). */
const SESSION_COOKIE = 'bm_session';

/** What the browser keeps on this device (docs/product.md 'Stored on this device'). */
const DEVICE_STORAGE: ReadonlyArray<readonly [string, string]> = [
  ['ballmatch_high_scores', 'Your best 50 scores on this device, for "Your Best Scores".'],
  ['player_name', 'The name you last submitted a score under, filled in next time.'],
  [
    'ballmatch_score_outbox',
    'Scores waiting to be sent while the server could not be reached (at most 20).',
  ],
  ['ballmatch_ad_clicks', "How many times 'Watch Ad' was pressed on this device."],
  ['ballmatch_read_updates', "Which news updates you have seen, for the 'NEW' badge."],
  ['cookieConsent', 'Your answer to the cookie banner and when you gave it.'],
  ['ballmatch_muted', 'Whether the sound is off.'],
  ['ballmatch_colorblind_symbols', 'Whether colour-blind symbols are drawn on the balls.'],
  ['ballmatch_hints', 'Whether hints are shown.'],
];

/**
 * /privacy-policy: what the game keeps, why and for how long, what is public, the cookie and
 * device storage, payments, and how to export or delete an account. Kept true to the services
 * (docs/api.md, docs/architecture.md 'Services and data').
 */
export default function PrivacyPolicyRoute() {
  return (
    <Page
      className="page--narrow prose"
      title="Privacy Policy"
      subtitle="What BallMatch keeps about you, why, and for how long."
    >
      <p className="info-updated">Last updated: November 2026</p>
      <p className="info-lead">
        We keep what the game needs to run fair leaderboards and sell ad space, and nothing more. We
        do not sell personal data, and BallMatch loads no outside trackers, analytics or advertising
        networks: the only ads are the images players buy, served by our own servers.
      </p>
      <OnThisPage sections={SECTIONS} />

      <h2 id="what-we-keep">What we keep</h2>
      <InfoTable
        caption="The data BallMatch stores, why, and for how long"
        columns={['What', 'Why', 'How long']}
        rows={[
          [
            <>
              <strong>Your account</strong>: username, email address, password (as an argon2id hash,
              never the password itself), optional EVM wallet address, account type, date joined;
              the achievement badges you have won and when
            </>,
            'To sign you in, show your name on the boards and reach you about your account or your ads.',
            'Until you delete your account.',
          ],
          [
            <>
              <strong>Scores</strong>: the name played under, score, level, moves and date of each
              submitted game; your weekly and seasonal totals
            </>,
            'The leaderboards, your rank and your achievement badges.',
            'As long as the boards: past weeks and seasons stay in the archive. After you delete your account they stay under the name they were played under, unless you choose to remove them.',
          ],
          [
            <>
              <strong>Game sessions</strong>: the player name, a random id of the page load, a
              device fingerprint (50 characters made from your browser and screen details, time zone
              offset, language and platform), the IP address the game came from, your account when
              signed in, the game itself (its board, each move with the server's time) and any flags
            </>,
            'To verify every score and catch bots and cheating. Admins review sessions in player tracking.',
            'Kept with the game, so a score can be checked again if it is questioned; not deleted on a schedule. Ask us to remove the sessions of your games.',
          ],
          [
            <>
              <strong>Ads you buy</strong>: the order (your account, kind, colour, image, link, run
              length, price), its payment state, the payment provider's references for it, amounts
              paid and refunded, and the review decision with its reason
            </>,
            'To run and bill your ad, make refunds and keep our accounts.',
            'As business records, also after the ad has ended or your account is deleted.',
          ],
          [
            <>
              <strong>Ad views and clicks</strong>: daily totals per ad and per ball-icon colour;
              each game's one-time ad offers, tied to that game and its IP address; whether a game
              followed its reward ad
            </>,
            'To count each view once, grant extra moves only to a game that opened the ad, and show advertisers their figures.',
            'Offers expire after two hours. The daily totals hold nothing about who saw an ad and are kept. A reward click is kept with its game.',
          ],
          [
            <>
              <strong>Messages</strong> from the <Link to={paths.contact}>contact form</Link>: your
              name, email, message and IP address
            </>,
            'To answer you. The address lets us limit each sender to 5 messages an hour.',
            'In our inbox until answered, then archived. Ask us to delete yours.',
          ],
          [
            <>
              <strong>Security records</strong>: failed sign-ins (by account and address), request
              counts per address, signed-out sessions, and server logs (address, page or call,
              result)
            </>,
            'To slow down password guessing and floods, and to make logging out final.',
            'Failed sign-ins 15 minutes; request counts a minute to an hour; a signed-out session until it would have expired (7 days at most); a password change signs out other devices and is remembered 30 days; logs briefly, for troubleshooting.',
          ],
        ]}
      />
      <p>
        Live updates (the Recent Scores feed) pass through our servers as they happen and are not
        stored on their way. We use all of this only to run BallMatch: never to profile you or to
        target ads.
      </p>

      <h2 id="public">What others can see</h2>
      <p>
        Leaderboards are public: the name a score was played under, the score, level and date,
        weekly totals and ranks, and new scores as they arrive on the live feed. A registered
        username is yours alone on every board. Ads show their image and link to every player. Your
        email address, wallet, IP address and device fingerprint are never shown to other players.
      </p>

      <h2 id="cookies">Cookies and storage on your device</h2>
      <p>
        BallMatch sets one cookie, <code>{SESSION_COOKIE}</code>, and only when you sign in. It
        holds your signed sign-in token, cannot be read by scripts (httpOnly), is sent only to
        BallMatch (SameSite=Lax, and only over https when the site is), lasts 7 days and is removed
        when you log out. There are no analytics, advertising or third-party cookies.
      </p>
      <InfoTable
        caption="What the game keeps in your browser's local storage (never sent to us as such)"
        columns={['Key', 'What it holds']}
        rows={DEVICE_STORAGE.map(([key, what]) => [<code key={key}>{key}</code>, what])}
      />
      <p>
        All of this is needed for the game to work, so 'Reject All' on the cookie banner turns
        nothing off: we keep your answer so the banner does not ask again. Clearing your browser's
        site data removes it all (and signs you out).
      </p>

      <h2 id="payments">Payments</h2>
      <p>
        Ads are paid by card on the checkout page of our payment provider, Stripe. You enter your
        card details there, under Stripe's own privacy policy; BallMatch never sees or stores your
        card number. We receive whether and when the payment went through, its amount and Stripe's
        references for it, and we send refunds back through Stripe to the same card.
      </p>

      <h2 id="your-choices">Your choices</h2>
      <ul>
        <li>
          <strong>See and correct</strong>: your username, email, wallet and password are on{' '}
          <Link to={paths.editProfile}>Edit Profile</Link>. Changing the password signs you out on
          every other device.
        </li>
        <li>
          <strong>Export</strong>: 'Export my data' on Edit Profile downloads what your account
          holds as a JSON file.
        </li>
        <li>
          <strong>Delete</strong>: 'Delete my account' on Edit Profile removes your account after
          you confirm, and signs you out everywhere. Your scores stay on the boards under the name
          they were played under unless you choose to remove them too; ad orders stay as business
          records.
        </li>
        <li>
          <strong>Anything else</strong> (the sessions of your games, a message you sent, a score
          played as a guest): write to us through the <Link to={paths.contact}>contact page</Link>{' '}
          and we will answer by email.
        </li>
      </ul>

      <h2 id="changes">Changes</h2>
      <p>
        When what we keep changes, this page changes with it and we say so on{' '}
        <Link to={paths.updates}>Updates</Link>.
      </p>
    </Page>
  );
}
