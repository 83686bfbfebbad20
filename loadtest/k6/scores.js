// k6 version of loadtest/scores.mjs (same scenario, for a real environment; not run in CI):
// verified submissions of 100-120-move games, then GET /api/scores/top?limit=10 and a weekly
// top-scores read, each at a constant arrival rate, with the goals as thresholds.
//
//   node loadtest/k6/prepare-games.mjs --base $BASE_URL --count 25000 --out games.json
//   k6 run -e BASE_URL=$BASE_URL -e GAMES=games.json loadtest/k6/scores.js
//
// Raise the gateway's per-IP limit for the run (RATE_LIMIT_API_PER_MINUTE) or spread the load
// over several source IPs. Afterwards, count the rows (none lost, none duplicated):
//   SELECT count(*), count(DISTINCT session_id) FROM scores.scores;
//   SELECT sum(games_played) FROM scores.weekly_scores;
/* global __ENV, open */
import http from 'k6/http';
import { check } from 'k6';
import { SharedArray } from 'k6/data';
import exec from 'k6/execution';

const BASE = __ENV.BASE_URL || 'http://localhost:8080';
const RATE = Number(__ENV.RATE || 1000);
const READ_RATE = Number(__ENV.READ_RATE || 5000);
const SECONDS = Number(__ENV.SECONDS || 20);
const READ_SECONDS = Number(__ENV.READ_SECONDS || 15);

const games = new SharedArray('games', () => JSON.parse(open(__ENV.GAMES || './games.json')).games);

export const options = {
  scenarios: {
    submit: {
      executor: 'constant-arrival-rate',
      exec: 'submit',
      rate: RATE,
      timeUnit: '1s',
      duration: `${SECONDS}s`,
      preAllocatedVUs: 200,
      maxVUs: 2000,
    },
    top: {
      executor: 'constant-arrival-rate',
      exec: 'top',
      rate: READ_RATE,
      timeUnit: '1s',
      duration: `${READ_SECONDS}s`,
      startTime: `${SECONDS + 5}s`,
      preAllocatedVUs: 200,
      maxVUs: 2000,
    },
    weekly: {
      executor: 'constant-arrival-rate',
      exec: 'weekly',
      rate: READ_RATE,
      timeUnit: '1s',
      duration: `${READ_SECONDS}s`,
      startTime: `${SECONDS + READ_SECONDS + 10}s`,
      preAllocatedVUs: 200,
      maxVUs: 2000,
    },
  },
  thresholds: {
    'http_req_duration{scenario:submit}': ['p(99)<100'],
    'http_req_failed{scenario:submit}': ['rate==0'],
    'http_req_duration{scenario:top}': ['p(99)<25'],
    'http_req_failed{scenario:top}': ['rate==0'],
    'http_req_duration{scenario:weekly}': ['p(99)<25'],
    'http_req_failed{scenario:weekly}': ['rate==0'],
  },
};

export function setup() {
  const week = http.get(`${BASE}/api/weekly-leaderboards/active`).json();
  return { weekId: week.id };
}

const headers = { 'content-type': 'application/json' };

export function submit() {
  // Each game once; past the end of the list, games are resent (retries must not count twice).
  const game = games[exec.scenario.iterationInTest % games.length];
  const res = http.post(
    `${BASE}/api/scores`,
    JSON.stringify({
      playerName: game.playerName,
      score: game.score,
      level: game.level,
      moves: game.moves,
      sessionId: game.sessionId,
    }),
    { headers: { ...headers, 'x-session-credential': game.credential } },
  );
  check(res, { 'score accepted': (r) => r.status === 200 });
}

export function top() {
  check(http.get(`${BASE}/api/scores/top?limit=10`), { ok: (r) => r.status === 200 });
}

export function weekly(data) {
  const res = http.get(`${BASE}/api/weekly-leaderboards/${data.weekId}/top-scores?limit=10`);
  check(res, { ok: (r) => r.status === 200 });
}
