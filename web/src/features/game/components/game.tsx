import { GRID_COLUMNS } from '@ballmatch/engine';
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Badge } from '@/components/ui/badge';
import type { Face } from '@/game/faces';
import { useUser } from '@/lib/auth/get-user';
import { useBallIcons } from '../api/get-ball-faces';
import { checkHighScore } from '../api/score-submission';
import { armGameAudio } from '../audio';
import { decideHighScore } from '../lib/local-high-scores';
import { defaultPlayerName } from '../lib/player-name';
import { takePlayRequest } from '../lib/play-request';
import { useGameSettings } from '../lib/settings';
import { boardFaces } from '../model/ad-offers';
import type { FlowServices, GameResult } from '../model/game-flow';
import { cancelPendingReload, handOffScore } from '../model/score-hand-off';
import {
  AwaitingRewardOverlay,
  CelebrationBanner,
  ConnectionStatus,
  GameOverOverlay,
  HowToPlayOverlay,
  NoMovesOverlay,
  StartingOverlay,
} from './board-overlays';
import {
  ErrorBoundary,
  GameBoardErrorFallback,
  ScoreSubmissionErrorFallback,
} from './error-boundaries';
import { ExtraMovesModal } from './extra-moves-modal';
import { GameBoard } from './game-board';
import { GameControls } from './game-controls';
import { LoginPrompt } from './login-prompt';
import { StatsBar } from './stats-bar';
import { SubmitScoreDialog } from './submit-score-dialog';
import { useGameFlow } from '../hooks/use-game-flow';
import './game.css';

const numberFormat = new Intl.NumberFormat('en-US');

/** Shown under the stats bar for the whole of a practice game (docs/product.md 'Game flow'). */
export const PRACTICE_NOTE = "The game server can't be reached: this score won't be submitted.";

/** Guests answer the login prompt once per page load. */
let guestConfirmed = false;

/** Test helper: ask guests again. */
export function resetGuestConfirmation(): void {
  guestConfirmed = false;
}

/**
 * The game (docs/product.md 'Game flow'): stats bar, canvas board with its overlays, settings, and
 * the login prompt, extra-moves offer and score dialog around it.
 */
export function Game({
  autoStart = false,
  makeServices,
}: {
  /** /play: open straight into a game (after the guest prompt). */
  autoStart?: boolean;
  makeServices?: (getIcons: () => readonly Face[]) => FlowServices;
}) {
  const { user, isPending: userPending } = useUser();
  const icons = useBallIcons();
  const { flow, snapshot } = useGameFlow(icons, makeServices);
  // A ranked game's faces come from its offers; before a game, or in practice, the icons alone.
  const faces = useMemo(() => boardFaces(snapshot.offers, icons), [snapshot.offers, icons]);
  const settings = useGameSettings();
  const panelRef = useRef<HTMLElement>(null);
  const [prompting, setPrompting] = useState(false);
  const [playRequested, setPlayRequested] = useState(() => takePlayRequest() || autoStart);
  const [dialogFor, setDialogFor] = useState<GameResult | null>(null);
  const [isHighScore, setIsHighScore] = useState<boolean | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [boardWidth, setBoardWidth] = useState<number | null>(null);
  const onCellSize = useCallback((cell: number) => setBoardWidth(cell * GRID_COLUMNS), []);
  const { phase, shown, result } = snapshot;

  useEffect(() => armGameAudio(), []);
  // A page the player left does not reload under them.
  useEffect(() => cancelPendingReload, []);

  /** Starts a game; a signed-in player's unfinished game comes first (save progress). */
  function startGame(name: string, signedIn: boolean) {
    const panel = panelRef.current;
    const rect = panel?.getBoundingClientRect();
    if (panel && rect && (rect.top < 0 || rect.bottom > window.innerHeight)) {
      panel.scrollIntoView({ block: 'start' });
    }
    void flow.start(name, { resume: signedIn });
  }

  // Save progress: a signed-in player's page opens on the game left unfinished, here or on
  // another device (once per account and page, before any game).
  const resumedFor = useRef<string | null>(null);
  useEffect(() => {
    if (userPending || !user || playRequested || resumedFor.current === user.id) return;
    resumedFor.current = user.id;
    void flow.resume(user.username);
  }, [userPending, user, playRequested, flow]);

  // 'PLAY NOW!': signed-in players start at once; guests answer the prompt first.
  useEffect(() => {
    if (!playRequested || userPending) return;
    setPlayRequested(false);
    if (user) startGame(user.username, true);
    else if (guestConfirmed) startGame(defaultPlayerName(null), false);
    else setPrompting(true);
    // startGame reads the latest refs; the request is the trigger.
  }, [playRequested, userPending, user]);

  // A finished game with points opens the score dialog, once its high-score check is done.
  useEffect(() => {
    if (phase !== 'over' || !result || result.score <= 0) return;
    setDialogFor(result);
    setIsHighScore(null);
    if (result.practice) return;
    let cancelled = false;
    void decideHighScore(result.score, result.localScoresBefore, checkHighScore).then((yes) => {
      if (!cancelled) setIsHighScore(yes);
    });
    return () => {
      cancelled = true;
    };
  }, [phase, result]);

  // The live region speaks the figures once a move has settled.
  useEffect(() => {
    if (!shown || snapshot.busy) return;
    setAnnouncement(
      `Score ${numberFormat.format(shown.score)}. Level ${shown.level}. ${shown.movesLeft} ${
        shown.movesLeft === 1 ? 'move' : 'moves'
      } left. Target ${shown.matchesCollected} of ${shown.targetMatches}.`,
    );
  }, [shown, snapshot.busy]);

  const playing = phase === 'playing' || phase === 'extraMovesOffer' || phase === 'awaitingReward';
  const dialogOpen = dialogFor !== null && dialogFor === result;

  return (
    <section
      ref={panelRef}
      className="game-panel"
      aria-label="Game"
      data-testid="game"
      style={boardWidth ? ({ '--board-width': `${boardWidth}px` } as CSSProperties) : undefined}
    >
      <StatsBar stats={shown} symbols={settings.symbols} />
      {snapshot.practice && playing && (
        <p className="game-practice" role="status" data-testid="practice-note">
          <Badge tone="orange">Practice game</Badge>
          <span>{PRACTICE_NOTE}</span>
        </p>
      )}
      <ErrorBoundary
        name="Game board"
        onReset={() => flow.reset()}
        fallback={(reset) => <GameBoardErrorFallback onRestart={reset} />}
      >
        <GameBoard
          flow={flow}
          snapshot={snapshot}
          faces={faces}
          symbols={settings.symbols}
          hints={settings.hints}
          onCellSize={onCellSize}
        >
          {phase === 'idle' && <HowToPlayOverlay onPlay={() => setPlayRequested(true)} />}
          {phase === 'starting' && <StartingOverlay />}
          {phase === 'playing' && snapshot.noMoves && !snapshot.busy && (
            <NoMovesOverlay onReset={() => flow.resetBoard()} />
          )}
          {phase === 'awaitingReward' && (
            <AwaitingRewardOverlay onEnd={() => flow.declineExtraMoves()} />
          )}
          {phase === 'over' && result && !dialogOpen && (
            <GameOverOverlay
              score={result.score}
              level={result.level}
              onPlayAgain={() => setPlayRequested(true)}
              onSubmit={
                result.score > 0 && !result.practice ? () => setDialogFor(result) : undefined
              }
            />
          )}
          <CelebrationBanner celebration={snapshot.celebration} />
          <ConnectionStatus reconnecting={snapshot.reconnecting && playing} />
        </GameBoard>
      </ErrorBoundary>
      <GameControls canEnd={playing} onEnd={() => flow.endByPlayer()} />
      <p
        className="visually-hidden"
        aria-live="polite"
        aria-atomic="true"
        data-testid="game-announcer"
      >
        {announcement}
      </p>

      {prompting && (
        <LoginPrompt
          onContinue={() => {
            guestConfirmed = true;
            setPrompting(false);
            startGame(defaultPlayerName(null), false);
          }}
          onClose={() => setPrompting(false)}
        />
      )}
      {phase === 'extraMovesOffer' && (
        <ExtraMovesModal
          reward={snapshot.offers?.reward ?? null}
          refusal={snapshot.rewardRefusal}
          onWatchAd={() => flow.watchAd()}
          onDecline={() => flow.declineExtraMoves()}
        />
      )}
      {dialogOpen && dialogFor && (
        <ErrorBoundary
          name="Score submission"
          onReset={() => setDialogFor(null)}
          fallback={(reset) => <ScoreSubmissionErrorFallback onClose={reset} />}
        >
          <SubmitScoreDialog
            score={dialogFor.score}
            level={dialogFor.level}
            practice={dialogFor.practice}
            isHighScore={isHighScore}
            defaultName={defaultPlayerName(user?.username)}
            onSubmit={(name) => handOffScore(dialogFor, name, isHighScore)}
            onClose={() => setDialogFor(null)}
            onPlayAgain={() => {
              setDialogFor(null);
              setPlayRequested(true);
            }}
          />
        </ErrorBoundary>
      )}
    </section>
  );
}
