import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { fetchFrom } from '@/lib/query-client';
import type {
  BannedPlayer,
  ReviewedScore,
  ReviewState,
  SessionDetail,
  SessionPage,
  SessionScore,
} from './types';

/** Which sessions the list shows: all or suspicious ones, or those of a player or an address. */
export type SessionFilter =
  | { kind: 'all' }
  | { kind: 'suspicious' }
  | { kind: 'player'; value: string }
  | { kind: 'ip'; value: string };

export const PAGE_SIZE = 20;

const trackingKey = ['admin', 'tracking'] as const;

function listPath(filter: SessionFilter): string {
  const base = apiPaths.adminPlayerSessions;
  switch (filter.kind) {
    case 'all':
      return base;
    case 'suspicious':
      return `${base}/suspicious`;
    case 'player':
      return `${base}/player/${encodeURIComponent(filter.value)}`;
    case 'ip':
      return `${base}/ip/${encodeURIComponent(filter.value)}`;
  }
}

/** A page of sessions, newest first. */
export function sessionsQueryOptions(filter: SessionFilter, page: number) {
  return queryOptions({
    queryKey: [...trackingKey, 'sessions', filter, { page }],
    queryFn: fetchFrom<SessionPage>(`${listPath(filter)}?page=${page}&limit=${PAGE_SIZE}`),
  });
}

/** One session with the server's timing analysis of its game. */
export function sessionQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...trackingKey, 'session', id],
    queryFn: fetchFrom<SessionDetail>(apiPaths.adminPlayerSession(id)),
  });
}

/** The session's score; null when the game yielded none (the server's 404). */
export function sessionScoreQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...trackingKey, 'score', id],
    queryFn: fetchFrom<SessionScore>(apiPaths.adminPlayerSession(id, 'score')),
  });
}

export function bannedPlayersQueryOptions() {
  return queryOptions({
    queryKey: [...trackingKey, 'banned'],
    queryFn: fetchFrom<BannedPlayer[]>(apiPaths.adminBannedPlayers),
  });
}

export function heldScoresQueryOptions(state: Exclude<ReviewState, 'accepted'>) {
  return queryOptions({
    queryKey: [...trackingKey, 'held', { state }],
    queryFn: fetchFrom<ReviewedScore[]>(`${apiPaths.adminHeldScores}?state=${state}&limit=100`),
  });
}

/** After any change: every list and detail of player tracking, and the dashboard's figures. */
export function invalidateTracking(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: trackingKey }),
    client.invalidateQueries({ queryKey: ['admin', 'game-analytics'] }),
    client.invalidateQueries({ queryKey: ['admin', 'stats'] }),
  ]);
}
