// k6 version of loadtest/scores.mjs (same scenario, for a real environment; not run in CI):
// verified submissions of 100-120-move games, then the top-scores read and the weekly one, each
// at a constant arrival rate, with the goals as thresholds. The endpoints, rates,
// durations and goals are loadtest/scenarios/scores.json's, which the node harness reads too
// (loadtest/test/k6-in-step.test.ts checks both take them from there).
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

const scenario = JSON.parse(open('../scenarios/scores.json'));
const { endpoints, submit: submitPlan, reads: readPlan } = scenario;
const [TOP, WEEKLY] = readPlan.endpoints;
const BASE = __ENV.BASE_URL || 'http://localhost:8080';
const RATE = Number(__ENV.RATE || submitPlan.rate);
const READ_RATE = Number(__ENV.READ_RATE || readPlan.rate);
const SECONDS = Number(__ENV.SECONDS || submitPlan.seconds);
const READ_SECONDS = Number(__ENV.READ_SECONDS || readPlan.seconds);

/** Endpoint `name`'s URL, its path's `{key}`s filled from `params`. */
const urlOf = (name, params = {}) =>
  BASE + endpoints[name].path.replace(/\{(\w+)\}/g, (_, key) => encodeURIComponent(params[key]));

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
    'http_req_duration{scenario:submit}': [`p(99)<${submitPlan.p99LimitMs}`],
    'http_req_failed{scenario:submit}': ['rate==0'],
    'http_req_duration{scenario:top}': [`p(99)<${readPlan.p99LimitMs}`],
    'http_req_failed{scenario:top}': ['rate==0'],
    'http_req_duration{scenario:weekly}': [`p(99)<${readPlan.p99LimitMs}`],
    'http_req_failed{scenario:weekly}': ['rate==0'],
  },
};

export function setup() {
  const week = http.get(urlOf('activeWeekly')).json();
  return { weekId: week.id };
}

const headers = { 'content-type': 'application/json' };

export function submit() {
  // Each game once; past the end of the list, games are resent (retries must not count twice).
  const game = games[exec.scenario.iterationInTest % games.length];
  const res = http.post(
    urlOf(submitPlan.endpoint),
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
  check(http.get(urlOf(TOP)), { ok: (r) => r.status === 200 });
}

export function weekly(data) {
  const res = http.get(urlOf(WEEKLY, { id: data.weekId }));
  check(res, { ok: (r) => r.status === 200 });
}
