import { EXTRA_MOVES } from '@ballmatch/engine';
import { Alert } from '@/components/ui/alert';
import { BallRow } from '@/components/ui/ball';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import type { RewardOffer } from '../model/ad-offers';
import './extra-moves-modal.css';

import { REWARD_NOTE } from '../lib/texts';

export { REWARD_NOTE };

export const HOUSE_AD = {
  title: 'Advertise here',
  text: "BallMatch's own ad: put your image on every ball of one colour.",
} as const;

/** What 'Watch Ad' opens: the sponsor's image, or our own 'Advertise here' card. */
function RewardAd({ reward }: { reward: RewardOffer | null }) {
  if (reward?.kind === 'ad' && reward.imageUrl) {
    return (
      <figure className="reward-ad" data-testid="reward-ad">
        <img src={reward.imageUrl} alt="The sponsor's ad" referrerPolicy="no-referrer" />
        <figcaption>Sponsored</figcaption>
      </figure>
    );
  }
  return (
    <div className="reward-ad reward-ad--house" data-testid="reward-house-ad">
      <BallRow className="reward-ad__balls" size={16} />
      <strong>{HOUSE_AD.title}</strong>
      <span>{HOUSE_AD.text}</span>
    </div>
  );
}

/**
 * Out of moves (docs/product.md 'Game flow'). 'Watch Ad' opens the reward's link and arms the
 * reward (credited when the tab comes back; the server's refusal shows here); 'No Thanks',
 * Escape or the close button end the game.
 */
export function ExtraMovesModal({
  reward,
  refusal,
  onWatchAd,
  onDecline,
}: {
  reward: RewardOffer | null;
  /** Why the extra moves were not granted, e.g. 'Watch the ad first to earn extra moves'. */
  refusal: string | null;
  onWatchAd: () => void;
  onDecline: () => void;
}) {
  return (
    <Modal
      title={`Get ${EXTRA_MOVES} Extra Moves!`}
      onClose={onDecline}
      describedBy="extra-moves-text"
      tone="celebrate"
      testId="extra-moves-modal"
      initialFocus=".modal__actions a, .modal__actions button"
    >
      <div className="extra-moves__badge" aria-hidden="true">
        +{EXTRA_MOVES}
      </div>
      <RewardAd reward={reward} />
      <div id="extra-moves-text">
        <p>You&apos;re out of moves! Watch a short ad and keep this game going.</p>
        <p className="extra-moves__note">{REWARD_NOTE}</p>
      </div>
      {refusal && <Alert>{refusal}</Alert>}
      <div className="modal__actions">
        <Button size="lg" block onClick={onWatchAd}>
          Watch Ad
        </Button>
        <Button variant="ghost" size="lg" block onClick={onDecline}>
          No Thanks
        </Button>
      </div>
    </Modal>
  );
}
