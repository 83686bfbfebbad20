// The player's name: the engine's rule (1–20 characters after trimming, counted as the servers
// count them, nothing invisible, one script, no extra accent marks), typed input cut at 20,
// prefilled from the username, else the name saved on this device (key player_name), else a
// guest name 'Guest-{0..9999}' chosen once per page.
import { PLAYER_NAME_MAX_LENGTH, checkPlayerName, truncatePlayerName } from '@ballmatch/engine';
import { readStorage, writeStorage } from '@/lib/storage';

export const PLAYER_NAME_KEY = 'player_name';
export const NAME_MAX_LENGTH = PLAYER_NAME_MAX_LENGTH;
export const NAME_MIN_LENGTH = 1;

/** What the name field keeps of typed input: at most 20 characters, never half of one. */
export const truncateName = truncatePlayerName;

/** True when the servers will take this name. */
export function isValidName(value: string): boolean {
  return checkPlayerName(value).ok;
}

/**
 * Why the servers would refuse this name: the engine's message (mixed scripts, an extra accent
 * mark, an invisible character...). None for a name they take, nor for an empty field.
 */
export function nameProblem(value: string): string | undefined {
  const checked = checkPlayerName(value);
  return checked.ok || checked.reason === 'empty' ? undefined : checked.message;
}

export function guestName(random: () => number = Math.random): string {
  return `Guest-${Math.floor(random() * 10000)}`;
}

let pageGuestName: string | null = null;

/** This page's guest name (the same for every game until the page reloads). */
export function currentGuestName(): string {
  pageGuestName ??= guestName();
  return pageGuestName;
}

export function savedPlayerName(): string | null {
  const saved = readStorage(PLAYER_NAME_KEY)?.trim();
  return saved ? truncateName(saved) : null;
}

export function savePlayerName(name: string): void {
  writeStorage(PLAYER_NAME_KEY, truncateName(name.trim()));
}

/** The name to prefill: the username, else the saved name, else this page's guest name. */
export function defaultPlayerName(username?: string | null): string {
  return truncateName(username?.trim() || savedPlayerName() || currentGuestName());
}
