import { Link } from 'react-router';
import { PageTitle } from '@/components/page/page-title';
import { paths } from '@/config/paths';

export default function AboutRoute() {
  return (
    <div className="page page--narrow prose">
      <PageTitle
        title="About BallMatch"
        docTitle="About"
        subtitle="A colourful puzzle game for every browser."
      />
      <p>
        BallMatch is a free match-3 puzzle game you play right in your browser, on a phone, a tablet
        or a computer. Swap neighbouring balls, line up three or more of the same colour and collect
        the level's target colour before your moves run out.
      </p>
      <h2>Compete fairly</h2>
      <p>
        Every game is checked on our servers before its score reaches a leaderboard, so the names at
        the top earned their place. Rankings run weekly (resetting every Monday), by season and for
        all time.
      </p>
      <h2>Play your way</h2>
      <p>
        Guests can jump straight into practice games. With a free account your scores follow you
        across devices, appear under your username and can win achievement badges.
      </p>
      <h2>Advertisers</h2>
      <p>
        Businesses and creators can buy ad slots whose images appear on the balls themselves, or
        banner ads around the game. Every ad is reviewed before it goes live.
      </p>
      <p>
        Ready? <Link to={paths.play}>Start a game</Link> or{' '}
        <Link to={paths.login}>create an account</Link>.
      </p>
    </div>
  );
}
