import { ButtonLink } from '@/components/ui/button';
import { Ball } from '@/components/ui/ball';
import { paths } from '@/config/paths';
import './not-found.css';

export default function NotFoundRoute() {
  return (
    <div className="not-found">
      <title>Page Not Found · BallMatch</title>
      <div className="not-found__balls" aria-hidden="true">
        <Ball color="red" size={56} />
        <Ball color="yellow" size={56} />
        <Ball color="blue" size={56} />
      </div>
      <h1>404 Page Not Found</h1>
      <p>This page rolled off the board. Let's get you back to the game.</p>
      <ButtonLink to={paths.home} size="lg">
        Go Home
      </ButtonLink>
    </div>
  );
}
