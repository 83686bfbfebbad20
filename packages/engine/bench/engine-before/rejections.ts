// Why an action was refused: stable reason codes for programs, plain sentences for people.

export type SwapRejection = 'gameOver' | 'outOfMoves' | 'outOfBounds' | 'notAdjacent' | 'noMatch';
export type ResetRejection = 'gameOver' | 'outOfMoves' | 'movesAvailable';
export type GrantRejection = 'alreadyGranted' | 'gameOver' | 'notOutOfMoves';
export type EndRejection = 'gameOver';
export type Rejection = SwapRejection | ResetRejection | GrantRejection | EndRejection;

export const REJECTION_MESSAGES: Readonly<Record<Rejection, string>> = {
  gameOver: 'The game has ended.',
  outOfMoves: 'No moves left on this level: take the extra moves or end the game.',
  outOfBounds: 'Both cells must be on the board.',
  notAdjacent: 'Only orthogonally adjacent balls can be swapped.',
  noMatch: 'That swap makes no line of 3 or more balls of one colour.',
  movesAvailable: 'The grid can only be reset when no move is possible.',
  // Shown as is in the web's toast when a second grant is refused.
  alreadyGranted: "You've already received extra moves in this game.",
  notOutOfMoves: 'Extra moves are only granted when the level has run out of moves.',
};
