// A sound kit that plays nothing, for the tests that play a game: in a test file,
// jest.mock('@/game/audio/sound-kit', () => jest.requireActual('../helpers/silent-sound-kit')).
export const loadToneKit = async () => ({
  setVolume: () => undefined,
  setMuted: () => undefined,
  playNotes: () => undefined,
  startMusic: () => undefined,
  stopMusic: () => undefined,
});
