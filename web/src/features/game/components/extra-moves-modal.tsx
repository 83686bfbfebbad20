import { EXTRA_MOVES } from '@ballmatch/engine';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import './extra-moves-modal.css';

import { REWARD_NOTE } from '../lib/texts';

export { REWARD_NOTE };

/**
 * Out of moves (docs/product.md 'Game flow'). 'Watch Ad' arms the reward (credited when the tab
 * comes back); 'No Thanks', Escape or the close button end the game.
 */
export function ExtraMovesModal({
  onWatchAd,
  onDecline,
}: {
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
      <div id="extra-moves-text">
        <p>You&apos;re out of moves! Watch a short ad and keep this game going.</p>
        <p className="extra-moves__note">{REWARD_NOTE}</p>
      </div>
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
