// The real services behind a GameFlow: the HTTP calls (the session and its game), the audio,
// toasts and the ad tab.
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import type { Face } from '@/game/faces';
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
import { deviceFingerprint, pageSessionUuid, randomUuid } from '../lib/device';
import type { FlowServices } from './types';

/**
 * The page 'Watch Ad' opens in a new tab: an advertiser on the board when there is one,
 * otherwise BallMatch's own 'advertise here' page.
 */
export function rewardAdUrl(faces: readonly Face[]): string {
  const ad = faces.find((f) => f.kind === 'ad' && !f.url.startsWith('data:'));
  return ad ? ad.url : paths.buyAds;
}

export function createFlowServices(getFaces: () => readonly Face[]): FlowServices {
  const adIds = () => getFaces().flatMap((f) => (f.kind === 'ad' ? [f.adId] : []));
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
    updateSession: updatePlayerSession,
    incrementPlayCount,
    recordCompletedGame,
    recordImpressions: () => recordImpressions(getFaces()),
    adIds,
    openAd: () => {
      countAdClick();
      window.open(rewardAdUrl(getFaces()), '_blank', 'noopener,noreferrer');
    },
    sound: (name, count) => gameAudio.play(name, count),
    music: (on) => (on ? gameAudio.startMusic() : gameAudio.stopMusic()),
    toast: (input) => void toast(input),
    randomSeed: () => `practice-${randomUuid()}`,
    now: () => performance.now(),
  };
}
