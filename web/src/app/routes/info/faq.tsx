import './faq.css';

const QUESTIONS: Array<{ q: string; a: string }> = [
  {
    q: 'How do I play?',
    a: "Swap two neighbouring balls to line up three or more of the same colour. Matches of the level's target colour fill the progress bar; reach the target before your moves run out to level up.",
  },
  {
    q: 'Do I need an account?',
    a: 'No. Guests can play practice games. An account saves your progress, puts your username on the leaderboards and works across all your devices.',
  },
  {
    q: 'How are points counted?',
    a: 'Three balls score 3 points; four score 8; five score 15; six or more score 5 points per ball. Unused moves at the end of a level add a bonus of 100 points each.',
  },
  {
    q: 'When does the weekly leaderboard reset?',
    a: 'Every Monday. Past weeks stay visible in the leaderboard archive.',
  },
  {
    q: 'What if there are no moves left on the board?',
    a: 'When no swap can make a match, the game offers a Reset Grid button that deals a fresh board.',
  },
  {
    q: 'How can I advertise on BallMatch?',
    a: 'Sign in and choose Buy Ads or Buy Banner Ads. After payment and a short review your image appears in the game.',
  },
];

export default function FaqRoute() {
  return (
    <div className="page page--narrow">
      <title>FAQ · BallMatch</title>
      <header className="page-header">
        <h1>Frequently Asked Questions</h1>
        <p>Quick answers about playing, scoring and advertising.</p>
      </header>
      <div className="faq">
        {QUESTIONS.map(({ q, a }) => (
          <details key={q} className="faq__item">
            <summary>{q}</summary>
            <p>{a}</p>
          </details>
        ))}
      </div>
    </div>
  );
}
