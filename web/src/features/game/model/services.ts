// The real services behind a GameFlow: the HTTP calls and the game socket (the session and its
// game), the audio, toasts and the ad tab.
import { toast } from '@/components/ui/toast';
import type { Face } from '@/game/faces';
import { deviceFingerprint, pageSessionUuid, randomUuid } from '@/lib/device';
import { connectGameSocket } from '../api/game-socket';
import { recordImpressions } from '../api/record-impressions';
import {
  createPlayerSession,
  getCurrentGame,
  getSessionGame,
  playSessionAction,
  updatePlayerSession,
} from '../api/player-session';
import { incrementPlayCount, recordCompletedGame } from '../api/stats';
import { gameAudio } from '../audio';
import { countAdClick } from '../lib/ad-clicks';
import { boardFaces, rewardLink } from './ad-offers';
import type { FlowServices } from './types';

/** `getIcons`: the custom icons as last read (an icon offer's drawing comes from them). */
export function createFlowServices(getIcons: () => readonly Face[]): FlowServices {
  return {
    createSession: (playerName) =>
      createPlayerSession({
        playerName,
        sessionId: pageSessionUuid(),
        deviceFingerprint: deviceFingerprint(),
      }),
    currentGame: getCurrentGame,
    playAction: playSessionAction,
    readGame: getSessionGame,
    // A ranked game's actions go over its own game socket, opened as the game begins (HTTP as
    // the fallback).
    connectGame: (game, events) => connectGameSocket({ ...game, events }),
    updateSession: updatePlayerSession,
    incrementPlayCount,
    recordCompletedGame,
    recordImpressions: (offers) => recordImpressions(boardFaces(offers, getIcons())),
    openAd: (reward) => {
      countAdClick();
      window.open(rewardLink(reward), '_blank', 'noopener,noreferrer');
    },
    sound: (name, count) => gameAudio.play(name, count),
    music: (on) => (on ? gameAudio.startMusic() : gameAudio.stopMusic()),
    toast: (input) => void toast(input),
    randomSeed: () => `practice-${randomUuid()}`,
    now: () => performance.now(),
  };
}
