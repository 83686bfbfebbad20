import { Badge } from '@/components/ui/badge';
import { BallTiles, type BallTile } from '@/components/ui/ball-tiles';
import { BreakableEmail } from '@/components/ui/breakable-email';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { isAdmin, type User } from '@/lib/auth/types';
import './account-summary.css';

const LINKS: BallTile[] = [
  { to: paths.play, title: 'Play Game', text: 'Start a new run.', color: 'orange' },
  {
    to: paths.leaderboards,
    title: 'Leaderboards',
    text: 'See where you rank this week.',
    color: 'yellow',
  },
  {
    to: paths.highScores,
    title: 'High Scores',
    text: 'The best scores of all time.',
    color: 'red',
  },
  { to: paths.buyAds, title: 'Buy Ads', text: 'Put your image on the balls.', color: 'green' },
  { to: paths.buyBannerAds, title: 'Buy Banner Ads', text: 'Reach every player.', color: 'blue' },
  { to: paths.updates, title: 'Updates', text: 'What is new in BallMatch.', color: 'purple' },
];

function shortWallet(wallet: string): string {
  return `${wallet.slice(0, 6)}…${wallet.slice(-4)}`;
}

/** The signed-in user's details and where to go next. */
export function AccountSummary({ user }: { user: User }) {
  const joined = new Date(user.createdAt);
  return (
    <div className="account">
      <Card className="account__card">
        <CardBody>
          <div className="account__identity">
            <span className="account__avatar" aria-hidden="true">
              {user.username.slice(0, 1).toUpperCase()}
            </span>
            <div>
              <h2 className="account__name">{user.username}</h2>
              {isAdmin(user) ? (
                <Badge tone="purple">Admin</Badge>
              ) : (
                <Badge tone="blue">Player</Badge>
              )}
            </div>
          </div>
          <dl className="account__details">
            <div>
              <dt>Email</dt>
              <dd title={user.email}>
                <BreakableEmail email={user.email} />
              </dd>
            </div>
            <div>
              <dt>EVM wallet</dt>
              <dd title={user.evmWallet ?? undefined}>
                {user.evmWallet ? shortWallet(user.evmWallet) : 'Not set'}
              </dd>
            </div>
            <div>
              <dt>Member since</dt>
              <dd>{Number.isNaN(joined.getTime()) ? 'N/A' : joined.toLocaleDateString()}</dd>
            </div>
          </dl>
          <ButtonLink to={paths.editProfile} variant="secondary" block>
            Edit Profile
          </ButtonLink>
        </CardBody>
      </Card>

      <BallTiles tiles={LINKS} className="tile-grid" ballSize={28} />
    </div>
  );
}
