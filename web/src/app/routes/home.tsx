import { useState } from 'react';
import { Link } from 'react-router';
import { Ball, BALL_COLORS, type BallColor } from '@/components/ui/ball';
import { SocialLinks } from '@/components/page/social-links';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { GamePanel } from '@/features/game/components/game-panel';
import { useAfterFirstPaint } from '@/features/game/hooks/use-after-first-paint';
import { YourBestScores } from '@/features/game/components/your-best-scores';
import { TopPlayersThisWeek } from '@/features/leaderboards/components/top-players-this-week';
import './home.css';

const FEATURES = [
  {
    color: 'orange' as const,
    title: 'How to Play',
    text: 'Swap adjacent balls to line up 3 or more of the same colour. Collect the target colour before your moves run out to clear the level.',
  },
  {
    color: 'yellow' as const,
    title: 'Weekly Competition',
    text: 'A fresh weekly leaderboard starts every Monday. Every game you submit adds to your weekly total.',
  },
  {
    color: 'purple' as const,
    title: 'Game Features',
    text: 'Growing level targets, chain reactions, 100 bonus points for every unused move, seasonal boards and achievement badges.',
  },
];

const FAQ = [
  {
    q: 'Is BallMatch free to play?',
    a: 'Yes. BallMatch is free in any modern browser, on phones, tablets and computers. Nothing to install.',
  },
  {
    q: 'Do I need an account to play?',
    a: 'No. Guests can play straight away, but progress is lost when the page is left or refreshed. Log in to keep your scores and appear on the leaderboards under your username.',
  },
  {
    q: 'How are points scored?',
    a: 'A match of 3 balls scores 3 points, 4 balls score 8, 5 balls score 15, and 6 or more score 5 points per ball. Finishing a level early adds 100 points for every move you did not use.',
  },
  {
    q: 'When do the weekly leaderboards reset?',
    a: 'Every Monday. Past weeks stay in the leaderboard archive, and the all-time high scores never reset.',
  },
  {
    q: 'What happens when I run out of moves?',
    a: 'Once per game you can watch a short ad to get 7 extra moves. Otherwise the game ends and you can submit your score.',
  },
];

function randomSample(): BallColor[] {
  return Array.from({ length: 36 }, () => BALL_COLORS[Math.floor(Math.random() * 6)]);
}

export default function HomeRoute() {
  // What lies below the first screen renders after the first paint.
  const rest = useAfterFirstPaint();
  return (
    <div className="page home">
      <title>BallMatch · Match colourful balls, beat your high score</title>
      <section className="home-top">
        <div className="home-intro">
          <p className="home-intro__eyebrow">Free match-3 puzzle game</p>
          <h1 className="home-intro__title">
            Ball<span className="gradient-text">Match</span>
          </h1>
          <p className="home-intro__tagline">
            Match colourful balls, set high scores and show off your skills on the weekly
            leaderboards.
          </p>
        </div>
        <div className="home-game">
          <GamePanel />
        </div>
        <div className="home-cards">
          <TopPlayersThisWeek />
          <YourBestScores />
        </div>
      </section>

      {rest && <BelowTheFold />}
    </div>
  );
}

function BelowTheFold() {
  const [sample] = useState(randomSample);
  return (
    <>
      <section className="home-features" aria-labelledby="home-features-title">
        <h2 id="home-features-title">Game Features</h2>
        <div className="home-features__grid">
          {FEATURES.map((f) => (
            <article key={f.title} className="home-feature">
              <Ball color={f.color} size={36} />
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="home-info" aria-labelledby="home-info-title">
        <div className="home-sample" aria-hidden="true">
          {sample.map((color, i) => (
            <Ball key={i} color={color} size={34} />
          ))}
        </div>
        <div className="home-info__text">
          <h2 id="home-info-title">About the game</h2>
          <p>
            BallMatch is a colourful match-3 puzzle you can play in a minute and master over a
            season. Every level asks for a target colour: collect enough of it before your moves run
            out, chain cascades for big scores, and bank a bonus for every move you save.
          </p>
          <p>
            Every submitted score is checked by replaying the game on our servers, so the
            leaderboards show real play only.
          </p>
          <ButtonLink to={paths.highScores} variant="secondary">
            See the High Scores
          </ButtonLink>
        </div>
      </section>

      <section className="home-faq" aria-labelledby="home-faq-title">
        <h2 id="home-faq-title">Frequently Asked Questions</h2>
        {FAQ.map((item) => (
          <details key={item.q} className="home-faq__item">
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
        <p className="home-faq__more">
          More answers on the <Link to={paths.faq}>FAQ page</Link>.
        </p>
      </section>

      <section className="home-community" aria-labelledby="home-community-title">
        <h2 id="home-community-title">Join the Community</h2>
        <p>Share your best combos, suggest features and meet other players.</p>
        <SocialLinks className="home-community__links" />
      </section>
    </>
  );
}
