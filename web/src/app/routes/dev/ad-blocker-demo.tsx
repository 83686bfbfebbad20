import { Page } from '@/components/page/page';
import { Card, CardBody } from '@/components/ui/card';
import { AD_BLOCKER_STUB, AD_BLOCKER_TITLE, StatsBar } from '@/features/game/components/stats-bar';
import './dev-pages.css';

const SAMPLE_STATS = {
  score: 1250,
  level: 3,
  movesLeft: 6,
  matchesCollected: 12,
  targetMatches: 20,
  targetColor: 'blue',
} as const;

/** What the game does about ad blockers (docs/product.md 'Playing'): a stub that detects none. */
export default function AdBlockerDemoRoute() {
  return (
    <Page
      className="page--narrow"
      title="Ad Blocker Demo"
      subtitle="How the game reacts to ad blockers."
    >
      <Card>
        <CardBody>
          <dl className="dev-facts">
            <div>
              <dt>Ad blocker detected</dt>
              <dd data-testid="ad-blocker-detected">{AD_BLOCKER_STUB.detected ? 'Yes' : 'No'}</dd>
            </div>
            <div>
              <dt>Points multiplier</dt>
              <dd data-testid="points-multiplier">{AD_BLOCKER_STUB.pointsMultiplier}</dd>
            </div>
          </dl>
          <p>
            The detector is a stub: it never detects an ad blocker, so every point counts in full.
          </p>
        </CardBody>
      </Card>
      <h2 className="dev-heading">The &apos;reduced&apos; marker</h2>
      <p>
        Were an ad blocker detected during a level, the score in the stats bar would carry a
        &apos;reduced&apos; marker titled &apos;{AD_BLOCKER_TITLE}&apos;, as below. It never shows
        in play.
      </p>
      <StatsBar stats={SAMPLE_STATS} adBlockerDetected />
    </Page>
  );
}
