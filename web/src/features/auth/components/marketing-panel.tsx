import { Ball, type BallColor } from '@/components/ui/ball';

// A small board where the middle row has just lined up three reds: the game in one picture.
const BOARD: BallColor[][] = [
  ['blue', 'yellow', 'green', 'purple', 'orange'],
  ['purple', 'orange', 'blue', 'yellow', 'green'],
  ['green', 'red', 'red', 'red', 'blue'],
  ['yellow', 'blue', 'purple', 'orange', 'purple'],
];
const MATCHED_ROW = 2;
const MATCHED_COLUMNS = new Set([1, 2, 3]);

const HIGHLIGHTS: Array<{ color: BallColor; title: string; text: string }> = [
  {
    color: 'orange',
    title: 'Match colourful balls',
    text: 'Swap neighbours and line up three or more.',
  },
  { color: 'yellow', title: 'Set high scores', text: 'Bigger matches and cascades pay the most.' },
  { color: 'purple', title: 'Show off your skills', text: 'Climb the weekly and all-time boards.' },
];

const BENEFITS = [
  'Track high scores across devices',
  'Compete in seasonal leaderboards',
  'Purchase ad space to showcase images',
  'Get exclusive access to new features',
];

/** The right-hand panel of the sign-in screen. */
export function MarketingPanel() {
  return (
    <aside className="auth-marketing" aria-labelledby="auth-marketing-title">
      <div className="auth-marketing__top">
        <div className="auth-board" aria-hidden="true">
          {BOARD.map((row, r) =>
            row.map((color, c) => (
              <span
                key={`${r}-${c}`}
                className={
                  r === MATCHED_ROW && MATCHED_COLUMNS.has(c)
                    ? 'auth-board__cell auth-board__cell--match'
                    : 'auth-board__cell'
                }
              >
                <Ball color={color} size={31} />
              </span>
            )),
          )}
        </div>

        <h2 id="auth-marketing-title" className="auth-marketing__title">
          <span>Match.</span> <span>Score.</span> <span className="gradient-text">Show off.</span>
        </h2>
      </div>

      <ul className="auth-highlights">
        {HIGHLIGHTS.map((h) => (
          <li key={h.title}>
            <Ball color={h.color} size={28} />
            <div>
              <strong>{h.title}</strong>
              <span>{h.text}</span>
            </div>
          </li>
        ))}
      </ul>

      <div className="auth-benefits">
        <h3>Signing in lets you</h3>
        <ul>
          {BENEFITS.map((b) => (
            <li key={b}>
              <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
                <circle cx="10" cy="10" r="10" fill="currentColor" opacity="0.18" />
                <path
                  d="M5.5 10.5l3 3 6-7"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              {b}
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
