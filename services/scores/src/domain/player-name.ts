import { checkPlayerName, checkPlayerNameToFind, type PlayerNameCheck } from '@ballmatch/engine';
import { AppError, playerNameKeys } from '@ballmatch/platform';

export interface PlayerName {
  /** As shown: trimmed. */
  name: string;
  /**
   * Its look-alike keys (platform's playerNameKeys): two names sharing one are the same name.
   * Rank lookups by name and guest players compare them.
   */
  keys: string[];
}

/** The engine's player-name rule, its refusal as a 400 on `field`. */
export function parsePlayerName(raw: string, field = 'playerName'): PlayerName {
  return parsed(checkPlayerName(raw), field);
}

/** A name to look up (a ban or unban): the engine's rule for that, which older names pass. */
export function parseNameToFind(raw: string, field = 'playerName'): PlayerName {
  return parsed(checkPlayerNameToFind(raw), field);
}

function parsed(checked: PlayerNameCheck, field: string): PlayerName {
  if (!checked.ok) throw new AppError('INVALID_ARGUMENT', checked.message, { field });
  return { name: checked.name, keys: playerNameKeys(checked.name) };
}

/** Who owns a name: an account whose username it looks like, or nobody; protected or not. */
export interface NameOwnership {
  ownerUserId: string | null;
  protected: boolean;
  /**
   * The guest player of the name (store/guest-names.ts: found, or made for a name like none
   * before), when it was asked for and the name is free for a guest (nobody owns it, not
   * protected); else null.
   */
  guestKey: string | null;
}

/**
 * This service's table of the names accounts hold (domain/account-names.ts); with
 * `guestPlayer`, the name's guest player in the same round trip.
 */
export type NameLookup = (name: PlayerName, guestPlayer?: boolean) => Promise<NameOwnership>;

/** The guest player a name's keys stand for (store/scores.ts, guestKeyOf). */
export type GuestLookup = (keys: string[]) => Promise<string>;

/**
 * The player a weekly row or a ban belongs to: the account of a signed-in player (whatever
 * name it plays under), or, for a guest, the guest player of the name (`guest:<key>`: the
 * player its look-alikes are too).
 */
export const accountKey = (userId: string) => `user:${userId}`;

/** The player key a name stands for on its own: its owner's account, else its guest player. */
export const keyOfName = (name: PlayerName, owner: NameOwnership, guests: GuestLookup) =>
  owner.ownerUserId ? Promise.resolve(accountKey(owner.ownerUserId)) : guests(name.keys);

/** A name this caller may post under, with the player key its score goes under. */
export interface ClaimedName extends PlayerName {
  key: string;
}

export const NAME_MESSAGES = {
  protected: 'That player name is reserved; choose another',
  ownedForGuest:
    'That player name belongs to a registered player; sign in to use it, or choose another',
  ownedByAnother: 'That player name belongs to another player; choose another',
};

/** A protected name: nobody may post under it. */
export const nameProtected = () =>
  new AppError('PERMISSION_DENIED', NAME_MESSAGES.protected, { field: 'playerName' });

/** A registered player's name (or a look-alike), refused to this caller (a guest, or another). */
export const nameOwned = (userId: string) =>
  new AppError(
    'PERMISSION_DENIED',
    userId ? NAME_MESSAGES.ownedByAnother : NAME_MESSAGES.ownedForGuest,
    { field: 'playerName' },
  );

/**
 * May this caller post under this name? Protected names: nobody. A registered player's
 * username (or a look-alike of it): only that player. Answers the name with the player key
 * the score goes under. The names table not filled yet: its UNAVAILABLE stands (503), never a
 * pass. (The one-step submission has its statement claim the name instead, in this order:
 * domain/submissions.ts, storeClaiming.)
 */
export async function claimName(
  lookup: NameLookup,
  name: PlayerName,
  userId: string,
): Promise<ClaimedName> {
  const owner = await lookup(name, !userId);
  if (owner.protected) throw nameProtected();
  if (owner.ownerUserId && owner.ownerUserId !== userId) throw nameOwned(userId);
  return { ...name, key: userId ? accountKey(userId) : owner.guestKey! };
}
