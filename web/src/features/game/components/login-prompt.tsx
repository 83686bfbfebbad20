import { Button, ButtonLink } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';

export const LOGIN_PROMPT_TEXT = {
  warning:
    "You're not logged in. Your game progress will not be saved when you leave the page or refresh.",
  invitation: 'To save your progress and appear on leaderboards with your username, please log in.',
} as const;

/** The prompt a guest answers before playing (once per page load). */
export function LoginPrompt({
  onContinue,
  onClose,
}: {
  onContinue: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      title="Ready to play?"
      onClose={onClose}
      describedBy="login-prompt-text"
      testId="login-prompt"
      initialFocus=".modal__actions a, .modal__actions button"
    >
      <div id="login-prompt-text">
        <p>{LOGIN_PROMPT_TEXT.warning}</p>
        <p>{LOGIN_PROMPT_TEXT.invitation}</p>
      </div>
      <div className="modal__actions">
        <ButtonLink to={paths.auth} size="lg" block>
          Log In / Sign Up
        </ButtonLink>
        <Button variant="secondary" size="lg" block onClick={onContinue}>
          Continue Without Login
        </Button>
      </div>
    </Modal>
  );
}
