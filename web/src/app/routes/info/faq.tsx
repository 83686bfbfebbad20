import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import './faq.css';
import './info.css';

interface Question {
  q: string;
  a: ReactNode;
}

/** The questions by topic; the answers follow docs/product.md and packages/engine/README.md. */
const TOPICS: ReadonlyArray<{ title: string; questions: readonly Question[] }> = [
  {
    title: 'Playing',
    questions: [
      {
        q: 'How do I play?',
        a: 'Swap two neighbouring balls to line up three or more of the same colour, in a row or a column. Each level asks you to collect a number of balls of its target colour (shown in the stats bar) before your moves run out; reach it and you level up.',
      },
      {
        q: 'How are points counted?',
        a: 'A run of 3 balls scores 3 points, 4 score 8, 5 score 15, and 6 or more score 5 points per ball. Cascades score too. Every move you have left when you complete a level adds 100 bonus points.',
      },
      {
        q: 'How do levels work?',
        a: 'Level 1 asks for 10 balls of the target colour in 10 moves. Each level asks for 5 more balls and gives one more move, plus 2 bonus moves for reaching it. The target colour changes every level.',
      },
      {
        q: 'What happens when I run out of moves?',
        a: "You are offered 7 extra moves for watching an ad, once per game. 'Watch Ad' opens the ad in a new tab; come back and the moves are added. 'No Thanks' ends the game.",
      },
      {
        q: 'What if there are no moves left on the board?',
        a: "When no swap can make a match, 'No more possible moves!' appears with a Reset Grid button that deals a fresh board. It costs no move.",
      },
      {
        q: "Why does my game say 'PRACTICE GAME'?",
        a: "The game server could not be reached, so the game runs on your device alone. You can play, but its score can't be submitted. Reload the page once you are back online for a ranked game.",
      },
      {
        q: 'Can I play without a mouse, or with colour blindness?',
        a: 'Yes. Arrow keys move a cursor, Space or Enter picks a ball and Escape drops it; screen readers hear the cursor and the figures. Colour-blind symbols draw a shape on each colour, and hints and sound can be turned off. Your settings stay on your device.',
      },
    ],
  },
  {
    title: 'Scores and leaderboards',
    questions: [
      {
        q: 'Do I need an account?',
        a: 'No. Anyone can play and submit a score under a name. An account keeps your username yours on every board, brings an unfinished game back on any device, and gives you a dashboard with your ranks and achievement badges.',
      },
      {
        q: 'When does the weekly leaderboard reset?',
        a: 'Every Monday at 00:00 UTC. Past weeks stay readable in the leaderboard archive, grouped by quarter.',
      },
      {
        q: 'What are seasons?',
        a: "A season is a board that runs between two dates. While one runs, a Season tab appears on the leaderboards and every score you submit counts for it as well as for the week's board and the all-time board.",
      },
      {
        q: "Why does my score say 'Score Under Review'?",
        a: 'Our servers time every move. When a game looks automated (moves too fast or too regular), its score waits for an admin to look at it before it reaches the boards.',
      },
      {
        q: 'Why was my player name refused?',
        a: 'A name is 1 to 20 characters with at least one letter or digit. A registered username, and names that look like it, can only be used from its owner\'s account, and a few names such as "admin" are reserved.',
      },
    ],
  },
  {
    title: 'Your account',
    questions: [
      {
        q: 'How do I change my email or password?',
        a: (
          <>
            On <Link to={paths.editProfile}>Edit Profile</Link>. A new password needs your current
            one, and changing it signs you out on every other device.
          </>
        ),
      },
      {
        q: 'Can I get a copy of my data, or delete my account?',
        a: (
          <>
            Yes, both on <Link to={paths.editProfile}>Edit Profile</Link>: 'Export my data'
            downloads a JSON file, and 'Delete my account' removes your account once you confirm.
            Your scores stay on the boards under their name unless you choose to remove them too.
            The <Link to={paths.privacyPolicy}>Privacy Policy</Link> has the details.
          </>
        ),
      },
      {
        q: 'What does BallMatch keep about me?',
        a: (
          <>
            Your account details, your scores, and for each game a session record (with your IP
            address and a device fingerprint) that lets us verify the score. One sign-in cookie and
            a few settings on your device. See the{' '}
            <Link to={paths.privacyPolicy}>Privacy Policy</Link>.
          </>
        ),
      },
    ],
  },
  {
    title: 'Advertising',
    questions: [
      {
        q: 'How can I advertise on BallMatch?',
        a: (
          <>
            Sign in and choose <Link to={paths.buyAds}>Buy Ads</Link> for an image on every ball of
            one colour, or <Link to={paths.buyBannerAds}>Buy Banner Ads</Link> for a 728×90 banner
            at the foot of the pages. Pick a run, see the price, and pay by card on Stripe's
            checkout page. After a review your ad runs for the days you paid for.
          </>
        ),
      },
      {
        q: 'What if my ad is rejected?',
        a: 'You see the reason on your dashboard and the payment is refunded in full, automatically. If we ever have to end a running ad early, we refund the share of the run not yet served (unless it broke our terms).',
      },
      {
        q: 'How are views counted?',
        a: "By our servers, once per game for each ad on its board, and clicks once each; nothing the browser claims on its own counts. Ads of the same colour take turns a minute at a time. Your dashboard shows each ad's views, clicks and click-through rate.",
      },
    ],
  },
];

/** /faq: answers about playing, scores, accounts and advertising, grouped by topic. */
export default function FaqRoute() {
  return (
    <Page
      className="page--narrow"
      title="Frequently Asked Questions"
      docTitle="FAQ"
      subtitle="Quick answers about playing, scoring, your account and advertising."
    >
      {TOPICS.map((topic) => (
        <section key={topic.title} className="faq-topic">
          <h2 className="faq-topic__title">{topic.title}</h2>
          <div className="faq">
            {topic.questions.map(({ q, a }) => (
              <details key={q} className="faq__item">
                <summary>{q}</summary>
                <p>{a}</p>
              </details>
            ))}
          </div>
        </section>
      ))}
      <p className="faq-more">
        Something else? Ask in the{' '}
        <a href={site.communityChatUrl} target="_blank" rel="noopener noreferrer">
          community chat
        </a>{' '}
        or <Link to={paths.contact}>send us a message</Link>.
      </p>
    </Page>
  );
}
