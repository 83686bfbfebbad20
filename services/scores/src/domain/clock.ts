/** The one source of "now" for scores: tests inject theirs to stand on a week's last millisecond. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
