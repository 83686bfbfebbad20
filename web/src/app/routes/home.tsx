import { Ball, BALL_COLORS, type BallColor } from '@/components/ui/ball';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import './home.css';

// A fixed sample board for the hero (the live board arrives with the game itself).
// prettier-ignore
const SAMPLE: BallColor[] = [
  'red', 'blue', 'green', 'yellow', 'purple', 'orange',
  'yellow', 'orange', 'purple', 'blue', 'green', 'red',
  'green', 'purple', 'orange', 'orange', 'orange', 'blue',
  'blue', 'red', 'yellow', 'green', 'purple', 'yellow',
  'purple', 'green', 'blue', 'red', 'yellow', 'orange',
  'orange', 'yellow', 'red', 'purple', 'blue', 'green',
];
const MATCH = new Set([14, 15, 16]);

const FEATURES = [
  {
    color: 'orange' as const,
    title: 'How to Play',
    text: 'Swap adjacent balls to match 3 or more of the same colour. Match the target colour to beat levels; bigger matches give more points.',
  },
  {
    color: 'yellow' as const,
    title: 'Weekly Competition',
    text: 'Every Monday a fresh weekly leaderboard starts. Play as often as you like: your best runs count.',
  },
  {
    color: 'purple' as const,
    title: 'Game Features',
    text: 'Levels with growing targets, bonus points for unused moves, seasonal boards and achievement badges.',
  },
];

export default function HomeRoute() {
  return (
    <div className="page home">
      <title>BallMatch · Match colourful balls, beat your high score</title>
      <section className="home-hero">
        <div className="home-hero__text">
          <p className="home-hero__eyebrow">Free match-3 puzzle game</p>
          <h1 className="home-hero__title">
            Ball<span className="gradient-text">Match</span>
          </h1>
          <p className="home-hero__tagline">
            Match colourful balls, set high scores and show off your skills on the weekly
            leaderboards.
          </p>
          <div className="home-hero__actions">
            <ButtonLink to={paths.play} size="lg">
              PLAY NOW!
            </ButtonLink>
            <ButtonLink to={paths.leaderboards} variant="secondary" size="lg">
              Leaderboards
            </ButtonLink>
          </div>
          <div className="home-hero__colors" aria-hidden="true">
            {BALL_COLORS.map((c) => (
              <Ball key={c} color={c} size={18} />
            ))}
          </div>
        </div>
        <div className="home-board" aria-hidden="true">
          {SAMPLE.map((color, i) => (
            <span
              key={i}
              className={
                MATCH.has(i) ? 'home-board__cell home-board__cell--match' : 'home-board__cell'
              }
            >
              <Ball color={color} size={38} />
            </span>
          ))}
        </div>
      </section>

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
    </div>
  );
}
