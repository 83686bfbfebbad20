/**
 * Whether a new score would change a board showing `rows` (best first, at most `limit`): the
 * board has room, or the score beats its last row (an equal score ranks after the older one).
 * Scores that cannot reach the board cost no reload.
 */
export function entersBoard(
  score: { id: string; score: number },
  rows: ReadonlyArray<{ id: string; score: number }> | undefined,
  limit: number,
): boolean {
  if (!rows) return false; // nothing shown yet: the first load brings it
  if (rows.some((row) => row.id === score.id)) return false;
  return rows.length < limit || score.score > rows[rows.length - 1].score;
}
