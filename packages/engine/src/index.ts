// @ballmatch/engine: the public surface. Everything else in src/ is private and may change.
export {
  ANIMATION,
  COLORS,
  COLOR_HEX,
  EXTRA_MOVES,
  GRID_ATTEMPTS,
  GRID_COLUMNS,
  GRID_FIX_PASSES,
  GRID_ROWS,
  LEVEL,
  MIN_RUN,
  OUT_OF_MOVES_DELAY_MS,
  REDUCED_ANIMATION,
  TIMING,
} from './constants';
export type { Color } from './constants';
export type { Cell, GameState, GameStatus, Grid, LevelProgress, Move } from './types';
export type { RngState } from './random';
export { pointsForRun, runMultiplier } from './scoring';
export type { CascadeStep, ClearedRun, Fall, Spawn } from './cascade';
export type { RunDirection } from './matches';
export * from './rejections';
export { createGame, endGame, findMoves, grantExtraMoves, hasMoves, resetGrid, swap } from './game';
export { gridCells, gridFromCells } from './board';
export { playerView } from './view';
export type { PlayerView } from './view';
export type {
  ActionSuccess,
  EndResult,
  GrantResult,
  GrantSuccess,
  LevelUp,
  Rejected,
  ResetResult,
  SwapResult,
  SwapSuccess,
} from './game';
export { replay } from './replay';
export type { ReplayFailure, ReplayRejection, ReplayResult, ReplaySuccess } from './replay';
export {
  PLAYER_NAME_MAX_LENGTH,
  PLAYER_NAME_MESSAGES,
  checkPlayerName,
  checkPlayerNameToFind,
  playerNameKey,
  truncatePlayerName,
} from './player-name';
export type { PlayerNameCheck, PlayerNameRejection } from './player-name';
export { analyzePace, analyzeTiming } from './timing';
export type { PaceAnalysis, PaceFlag, TimingAnalysis, TimingFlag } from './timing';
export { answerDisplay } from './display';
export type { AnswerDisplay, AnswerDurations, AnswerShape } from './display';
export {
  LOG_FORMAT_VERSION,
  MAX_LOG_ENTRIES,
  MAX_LOG_GAP_MS,
  MAX_LOG_JSON_LENGTH,
  actionCode,
  decodeGameLog,
  encodeGameLog,
  entryFromCode,
  parseGameLog,
} from './log';
export type {
  DecodeResult,
  ExtraMovesEntry,
  GameLog,
  GameLogEntry,
  ResetEntry,
  SwapEntry,
  WireEntry,
  WireGameLog,
} from './log';
