import { Link } from 'react-router';
import { BallRow } from '@/components/ui/ball';
import { SocialLinks } from '@/components/page/social-links';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import './footer.css';

const GAME_LINKS = [
  { to: paths.play, label: 'Play Game' },
  { to: paths.leaderboards, label: 'Leaderboards' },
  { to: paths.highScores, label: 'High Scores' },
  { to: paths.leaderboardArchive, label: 'Leaderboard Archive' },
  { to: paths.updates, label: 'Updates' },
];

const INFO_LINKS = [
  { to: paths.about, label: 'About' },
  { to: paths.faq, label: 'FAQ' },
  { to: paths.privacyPolicy, label: 'Privacy Policy' },
  { to: paths.termsOfService, label: 'Terms of Service' },
  { to: paths.contact, label: 'Contact' },
];

/** The site footer: about text, game links, information links, and social links. */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__about">
          <div className="site-footer__brand">
            <BallRow className="site-footer__balls" size={14} />
            <strong>BallMatch</strong>
          </div>
          <p>
            A free match-3 puzzle game for every browser. Swap balls, chain colourful matches and
            race up the weekly, seasonal and all-time leaderboards.
          </p>
          <SocialLinks className="site-footer__social" label="BallMatch on social media" />
        </div>

        <FooterLinks id="footer-game" heading="Game" links={GAME_LINKS} />
        <FooterLinks id="footer-info" heading="Information" links={INFO_LINKS} />
      </div>
      <div className="site-footer__bottom">
        <span>© {new Date().getFullYear()} BallMatch. All rights reserved.</span>
        <span>
          Questions or ideas?{' '}
          <a href={site.communityChatUrl} target="_blank" rel="noopener noreferrer">
            Join the community chat
          </a>
        </span>
      </div>
    </footer>
  );
}

function FooterLinks(props: {
  id: string;
  heading: string;
  links: { to: string; label: string }[];
}) {
  return (
    <nav aria-labelledby={props.id}>
      <h2 id={props.id} className="site-footer__heading">
        {props.heading}
      </h2>
      <ul className="site-footer__links">
        {props.links.map((l) => (
          <li key={l.to}>
            <Link to={l.to}>{l.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
