// 'PLAY NOW!' pressed before the game's code has arrived: remembered here and honoured by the
// game as soon as it mounts.
let requested = false;

export function requestPlay(): void {
  requested = true;
}

/** Whether play was requested (and forgets it). */
export function takePlayRequest(): boolean {
  const was = requested;
  requested = false;
  return was;
}
