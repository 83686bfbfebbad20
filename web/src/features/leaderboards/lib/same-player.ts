/** How the scores service tells players apart: case and Unicode form do not matter. */
export function playerKey(name: string): string {
  return name.trim().normalize('NFKC').toLowerCase();
}

/** A test for "this row is the given player's", or undefined when no player is known. */
export function rowsOf(
  playerName: string | null | undefined,
): ((row: { playerName: string }) => boolean) | undefined {
  if (!playerName) return undefined;
  const key = playerKey(playerName);
  return (row) => playerKey(row.playerName) === key;
}
