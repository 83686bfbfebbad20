import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { recordError } from '@/lib/error-log';
import { reloadPage } from '@/lib/reload-page';

interface BoundaryProps {
  name: string;
  fallback: (reset: () => void) => ReactNode;
  onReset?: () => void;
  children: ReactNode;
}

/** Catches a render error below it, logs it, and shows `fallback` until reset. */
export class ErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    recordError(`${this.props.name}: ${error.message}`);
    console.error(`[${this.props.name}]`, error, info.componentStack);
  }

  private readonly reset = () => {
    this.props.onReset?.();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? this.props.fallback(this.reset) : this.props.children;
  }
}

/** A broken board: 'Game Board Error' with 'Restart Game'. */
export function GameBoardErrorFallback({ onRestart }: { onRestart: () => void }) {
  return (
    <div className="board-error" role="alert">
      <h2>Game Board Error</h2>
      <p>The board stopped working. Your score so far could not be kept.</p>
      <Button onClick={onRestart}>Restart Game</Button>
    </div>
  );
}

/** A broken score dialog: 'Score Submission Error' with 'Close' and 'Reload Page'. */
export function ScoreSubmissionErrorFallback({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Score Submission Error" onClose={onClose} testId="submission-error">
      <p>Something went wrong while preparing your score. Reloading the page usually fixes it.</p>
      <div className="modal__actions">
        <Button variant="secondary" size="lg" block onClick={onClose}>
          Close
        </Button>
        <Button size="lg" block onClick={reloadPage}>
          Reload Page
        </Button>
      </div>
    </Modal>
  );
}
