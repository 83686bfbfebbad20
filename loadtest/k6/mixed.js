// k6 version of loadtest/mixed.mjs for operators (not run here: k6 is not installed): the same
// mixed player workload, read from the same loadtest/scenarios/mixed.json (endpoints, the visit,
// the player share, the pace, the ramp), so the two stay in step; loadtest/test/k6-in-step.test.ts
// checks that this script sends every endpoint of the scenario by its name.
//
//   k6 run -e BASE_URL=https://ballmatch.example loadtest/k6/mixed.js
//
// One iteration is one visit, started by a ramping arrival rate (open loop): the home page's
// reads at once, a WebSocket held for the visit, and for a share of visitors one ranked game at a
// human pace, then its score. Each request is tagged with its endpoint's name
// (http_req_duration{name:action} and so on). The ramp aborts once p99 passes the limit.
// Differences from the node harness: k6 times each request from when it was sent (the node
// harness from when it was due), and counts no rows afterwards: compare the accepted scores
// (checks 'score stored') with `SELECT count(*), count(DISTINCT session_id) FROM scores.scores`.
// Raise the gateway's per-IP limits for the run (RATE_LIMIT_API_PER_MINUTE,
// RATE_LIMIT_ADS_PER_MINUTE, RANKED_STARTS_PER_HOUR_PER_ADDRESS, MAX_CONNECTIONS_PER_IP) or
// spread the load over several source addresses.
/* global __ENV, open */
import http from 'k6/http';
import { check } from 'k6';
import exec from 'k6/execution';
import { setTimeout } from 'k6/timers';
import { WebSocket } from 'k6/websockets';
import { findMoves } from './moves.js';
import { nextAction, sessionFigures } from './player.mjs';

const scenario = JSON.parse(open('../scenarios/mixed.json'));
const { endpoints, visit: plan, ramp } = scenario;
const game = plan.game;
const BASE = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/$/, '');
const WS = `${BASE.replace(/^http/, 'ws')}/ws`;

/** The ramp of the node harness: a fill at the first rate, then steps of `factor` each. */
function stages() {
  const out = [{ target: ramp.startVisitsPerSecond, duration: `${ramp.fillSeconds}s` }];
  for (let k = 0; k < ramp.maxSteps; k++) {
    const target = Math.round(ramp.startVisitsPerSecond * ramp.factor ** k * 100) / 100;
    out.push({ target, duration: '1s' }, { target, duration: `${ramp.stepSeconds}s` });
  }
  return out;
}

export const options = {
  scenarios: {
    visits: {
      executor: 'ramping-arrival-rate',
      exec: 'visit',
      startRate: ramp.startVisitsPerSecond,
      timeUnit: '1s',
      stages: stages(),
      preAllocatedVUs: 500,
      maxVUs: 20000,
    },
  },
  thresholds: {
    http_req_duration: [
      { threshold: `p(99)<${ramp.p99LimitMs}`, abortOnFail: true, delayAbortEval: '30s' },
    ],
    http_req_failed: ['rate<0.01'],
  },
};

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends endpoint `name` (its path's `{key}`s from `params`); resolves with the response. */
function send(name, { params = {}, body, headers = {} } = {}) {
  const { method, path } = endpoints[name];
  const url = BASE + path.replace(/\{(\w+)\}/g, (_, key) => encodeURIComponent(params[key]));
  return http.asyncRequest(method, url, body === undefined ? null : JSON.stringify(body), {
    headers: { 'content-type': 'application/json', ...headers },
    tags: { name },
    redirects: 0,
  });
}

export function setup() {
  const week = http.get(`${BASE}${endpoints.activeWeekly.path}`).json();
  return { weekId: week.id };
}

function holdSocket() {
  const socket = new WebSocket(WS);
  socket.addEventListener('open', () => {
    for (const channel of plan.socket.channels) {
      socket.send(JSON.stringify({ type: 'subscribe', channel }));
    }
  });
  return () => socket.close();
}

async function playGame(weekId) {
  const playerName = `K6 ${Math.floor(Math.random() * 5000)}`;
  const started = await send(game.start, {
    body: {
      playerName,
      sessionId: crypto.randomUUID(),
      deviceFingerprint: 'k6-mixed-load'.padEnd(50, '-'),
    },
  });
  if (!check(started, { 'game started': (r) => r.status === 200 })) return;
  const { id, credential, offers } = started.json();
  const auth = { 'x-session-credential': credential };
  let state = started.json().game;
  await Promise.all(
    ((offers && offers.faces) || []).map((face) =>
      send(face.kind === 'ad' ? game.impressions.ad : game.impressions.icon, {
        params: { adId: face.adId, color: face.color },
        body: {},
        headers: { 'x-ad-offer': face.id },
      }),
    ),
  );
  let sent = 0;
  let rewardFollowed = false;
  while (state.status !== 'ended') {
    await wait(game.actionPaceMs * (1 - game.paceJitter + 2 * game.paceJitter * Math.random()));
    const action =
      sent >= game.maxActions
        ? { type: 'end' }
        : nextAction(state, Boolean(offers && offers.reward) && !rewardFollowed, findMoves);
    if (action.type === 'extraMoves') {
      await send(game.rewardClick, { params: { offerId: offers.reward.id } });
      rewardFollowed = true;
    }
    const answer = await send(game.action, {
      params: { id },
      body: { seq: state.seq, action },
      headers: auth,
    });
    if (!check(answer, { 'action applied': (r) => r.status === 200 })) return;
    state = answer.json().game;
    sent++;
    // The page's figures on every few moves, and once more, closing the session, at the end.
    const ending = state.status === 'ended';
    if (ending || sent % game.sessionUpdateEvery === 0) {
      send(game.sessionUpdate, {
        params: { id },
        headers: auth,
        body: sessionFigures(
          state,
          playerName,
          game.actionPaceMs,
          ending ? { endingSession: true } : {},
        ),
      });
    }
  }
  if (state.score <= 0) return;
  await wait(game.actionPaceMs);
  const entry = { playerName, score: state.score, level: state.level.currentLevel, sessionId: id };
  const [submit, ...after] = plan.afterGame;
  const stored = await send(submit, { body: { ...entry, moves: state.totalMoves }, headers: auth });
  if (!check(stored, { 'score stored': (r) => r.status === 200 })) return;
  for (const name of after) {
    await send(name, {
      params: { weekId },
      headers: auth,
      body: name === 'recordWeekly' ? entry : undefined,
    });
  }
}

export async function visit(data) {
  await Promise.all(plan.pageLoad.map((name) => send(name, { params: { weekId: data.weekId } })));
  const close = holdSocket();
  try {
    const index = exec.scenario.iterationInTest;
    // The same even spread of players among visitors as the node harness.
    if ((index * 0.6180339887) % 1 < plan.playerShare) await playGame(data.weekId);
    else await wait(plan.socket.browserHoldMs);
  } finally {
    close();
  }
}
