import { useEffect, useState } from 'react';
import { useUser } from '@/lib/auth/get-user';

/** The name a guest last played under is kept in local storage under this key. */
export const PLAYER_NAME_KEY = 'player_name';
const MAX_NAME_LENGTH = 20;

/** The saved guest name, cleaned; null when there is none (or storage is unavailable). */
export function readSavedPlayerName(): string | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(PLAYER_NAME_KEY);
  } catch {
    return null; // storage disabled (privacy mode): no name
  }
  if (!raw) return null;
  let name = raw;
  if (raw.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed === 'string') name = parsed;
    } catch {
      // not JSON after all: the raw text is the name
    }
  }
  name = name.trim();
  return name && name.length <= MAX_NAME_LENGTH ? name : null;
}

/**
 * Whose rank to show: the signed-in user's name (their scores are submitted under it), else
 * the name a guest last played under on this device, else null.
 */
export function useKnownPlayerName(): string | null {
  const { user } = useUser();
  const [saved, setSaved] = useState<string | null>(() => readSavedPlayerName());

  useEffect(() => {
    // Another tab may save a name (a game finished there).
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === PLAYER_NAME_KEY) setSaved(readSavedPlayerName());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return user?.username ?? saved;
}
