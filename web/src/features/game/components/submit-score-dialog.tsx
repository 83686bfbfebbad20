import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { NAME_MAX_LENGTH, isValidName, nameProblem, truncateName } from '../lib/player-name';
import './submit-score-dialog.css';

/** The submit callback fires 300 ms after the form is sent. */
export const SUBMIT_DELAY_MS = 300;

export const SUBMIT_TEXT = {
  label: 'ENTER YOUR NAME (UP TO 20 CHARACTERS)',
  placeholder: 'Your name here',
  highScoreTitle: 'HIGH SCORE!',
  highScoreCopy: 'Your score enters the all-time and weekly leaderboards!',
  normalTitle: 'SUBMIT SCORE',
  normalCopy: 'Your score goes to the weekly leaderboard, where you can earn achievement badges.',
  practiceTitle: 'PRACTICE GAME',
  practiceCopy:
    "This game started while the game server could not be reached, so its score can't be verified and won't be submitted to the leaderboards. It is kept in your scores on this device.",
} as const;

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * The score dialog (docs/product.md 'Submitting a score'). The name is prefilled, cut at 20
 * characters and must keep at least 1 after trimming; the button is disabled while empty or
 * submitting and reads 'Submitting...'; the submission itself starts 300 ms after the form is sent.
 * A name the server refuses comes back with its reason under the field, to choose another.
 */
export function SubmitScoreDialog({
  score,
  level,
  practice,
  isHighScore,
  defaultName,
  onSubmit,
  onClose,
  onPlayAgain,
}: {
  score: number;
  level: number;
  practice: boolean;
  /** null while the high-score check runs. */
  isHighScore: boolean | null;
  defaultName: string;
  /** Resolves with `nameError` when the server refused the name (the dialog stays open). */
  onSubmit: (name: string) => void | Promise<{ nameError?: string } | void>;
  onClose: () => void;
  onPlayAgain: () => void;
}) {
  const [name, setName] = useState(() => truncateName(defaultName));
  const [submitting, setSubmitting] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const scoreBlock = (
    <div className="submit-score__result">
      <span className="submit-score__label">Final score</span>
      <strong className="submit-score__score" data-testid="final-score">
        {numberFormat.format(score)}
      </strong>
      <span className="submit-score__level">Level {level}</span>
    </div>
  );

  if (practice) {
    return (
      <Modal
        title={SUBMIT_TEXT.practiceTitle}
        onClose={onClose}
        describedBy="submit-score-copy"
        testId="submit-dialog"
      >
        {scoreBlock}
        <p id="submit-score-copy">{SUBMIT_TEXT.practiceCopy}</p>
        <div className="modal__actions">
          <Button size="lg" block onClick={onPlayAgain}>
            Play Again
          </Button>
          <Button variant="ghost" size="lg" block onClick={onClose}>
            Close
          </Button>
        </div>
      </Modal>
    );
  }

  if (isHighScore === null) {
    return (
      <Modal key="checking" title="Game Over" onClose={onClose} testId="submit-dialog">
        {scoreBlock}
        <div className="submit-score__checking">
          <Spinner size={28} label="Checking your score" />
          <span aria-hidden="true">Checking your score...</span>
        </div>
      </Modal>
    );
  }

  const valid = isValidName(name);
  function onFormSubmit(event: FormEvent) {
    event.preventDefault();
    if (!valid || submitting) return;
    setSubmitting(true);
    const chosen = name.trim();
    timer.current = setTimeout(() => {
      timer.current = null;
      void Promise.resolve(onSubmit(chosen)).then((answer) => {
        if (!answer?.nameError) return;
        setNameError(answer.nameError);
        setSubmitting(false);
      });
    }, SUBMIT_DELAY_MS);
  }

  return (
    <Modal
      // A fresh dialog once the check is done, so the name field gets the focus.
      key="form"
      title={isHighScore ? SUBMIT_TEXT.highScoreTitle : SUBMIT_TEXT.normalTitle}
      onClose={submitting ? undefined : onClose}
      describedBy="submit-score-copy"
      tone={isHighScore ? 'celebrate' : 'default'}
      initialFocus="input"
      testId="submit-dialog"
    >
      <p id="submit-score-copy">
        {isHighScore ? SUBMIT_TEXT.highScoreCopy : SUBMIT_TEXT.normalCopy}
      </p>
      {scoreBlock}
      <form className="submit-score__form" onSubmit={onFormSubmit} noValidate>
        <Field
          label={SUBMIT_TEXT.label}
          placeholder={SUBMIT_TEXT.placeholder}
          value={name}
          maxLength={NAME_MAX_LENGTH}
          autoComplete="nickname"
          required
          disabled={submitting}
          error={nameError ?? nameProblem(name)}
          onChange={(event) => {
            setNameError(undefined);
            setName(truncateName(event.target.value));
          }}
        />
        <div className="modal__actions">
          <Button type="submit" size="lg" block disabled={!valid || submitting}>
            {submitting ? 'Submitting...' : 'Submit Score'}
          </Button>
          <Button variant="ghost" size="lg" block disabled={submitting} onClick={onClose}>
            Skip
          </Button>
        </div>
      </form>
    </Modal>
  );
}
