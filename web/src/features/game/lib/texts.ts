/** The extra-moves offer's reward note. */
export const REWARD_NOTE = 'It might take 2-3 seconds to credit your turns.';
