import { Link } from 'react-router';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import './info.css';

/** /about: what BallMatch is, how it keeps the boards fair, and who it is for. */
export default function AboutRoute() {
  return (
    <Page
      className="page--narrow prose"
      title="About BallMatch"
      docTitle="About"
      subtitle="A colourful match-3 puzzle game for every browser."
    >
      <p className="info-lead">
        BallMatch is a free puzzle game you play right in your browser, on a phone, a tablet or a
        computer: nothing to install. Swap neighbouring balls, line up three or more of the same
        colour, and collect the level's target colour before your moves run out. Bigger matches and
        cascades pay the most, and every move you do not need becomes 100 bonus points.
      </p>

      <h2>Compete fairly</h2>
      <p>
        Every ranked game is dealt and kept by our servers: they make the board, time each of your
        moves and check the result, so a score on the board is a game that was really played. Games
        whose timing looks automated are held for review before they count. Rankings run weekly
        (from Monday 00:00 UTC), by season and for all time, and past weeks stay in the{' '}
        <Link to={paths.leaderboardArchive}>archive</Link>.
      </p>

      <h2>Play your way</h2>
      <p>
        Anyone can play straight away and put a score on the boards under a name. With a free
        account your username is yours alone on every board, an unfinished game follows you to any
        device, and your dashboard collects your best scores, your ranks and the achievement badges
        you win. The game works with a mouse, a finger or only the keyboard, with colour-blind
        symbols, hints and sound you can switch on or off.
      </p>

      <h2>Advertisers</h2>
      <p>
        Businesses and creators can <Link to={paths.buyAds}>buy a ball ad</Link>, their image on
        every ball of one colour, or a <Link to={paths.buyBannerAds}>banner</Link> at the foot of
        the site's pages. Every ad is reviewed before it runs, each view is counted once by our
        servers, and the figures are on the buyer's dashboard. Those ads are the only ones on
        BallMatch: no ad networks, no trackers.
      </p>

      <h2>Say hello</h2>
      <p>
        News and changes are on <Link to={paths.updates}>Updates</Link>. Ideas, bug reports and
        questions are welcome in the{' '}
        <a href={site.communityChatUrl} target="_blank" rel="noopener noreferrer">
          community chat
        </a>{' '}
        or through the <Link to={paths.contact}>contact page</Link>.
      </p>
      <p>
        Ready? <Link to={paths.play}>Start a game</Link> or{' '}
        <Link to={paths.login}>create an account</Link>.
      </p>
    </Page>
  );
}
