import { PageTitle } from '@/components/page/page-title';

export default function TermsOfServiceRoute() {
  return (
    <div className="page page--narrow prose">
      <PageTitle title="Terms of Service" subtitle="The rules of the game, off the board." />
      <h2>Using BallMatch</h2>
      <p>
        BallMatch is free to play. By using the site you agree to these terms. If you create an
        account, keep your password to yourself; you are responsible for what happens under your
        account.
      </p>
      <h2>Fair play</h2>
      <p>
        Scores must come from real play. Bots, scripts, modified clients or exploiting bugs are not
        allowed. We verify submitted games and may remove scores or suspend accounts that break this
        rule.
      </p>
      <h2>Names and content</h2>
      <p>
        Usernames and player names must not be offensive, impersonate others or infringe anyone's
        rights. Ads must be lawful, suitable for all ages and owned by the advertiser; we review
        every ad and may refuse or remove any of them.
      </p>
      <h2>Purchases</h2>
      <p>
        Ad purchases are paid by card through our payment provider. An ad that we refuse before it
        goes live is refunded in full.
      </p>
      <h2>Changes</h2>
      <p>
        We may update the game and these terms. Significant changes are announced on the updates
        page. The game is provided as is, without warranties.
      </p>
    </div>
  );
}
