// One visit of the mixed workload (loadtest/scenarios/mixed.json), as the web app makes it: the
// home page's reads at once, a WebSocket held for the visit, and for a share of visitors one
// ranked game played at a human pace (the first swap of a random valid move, reset when the
// board has none, the reward ad followed for the extra moves once), reported every few actions,
// then submitted with the weekly call and a look at the board.
//
// Visits arrive on schedule whatever the answers do (open loop). Within a visit, every request
// has a due time on the visit's own clock, fixed from its arrival; it is sent then, or as soon as
// the answer it depends on is in, and its latency counts from the later of the two: lateness the
// harness itself causes (a busy event loop) is measured, and a slow answer counts once, in the
// request that was slow, not again in the ones that had to wait for it.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { nextAction, sessionFigures } from '../k6/player.mjs';

const require = createRequire(import.meta.url);
const { findMoves, gridFromCells } = require('@ballmatch/engine');
/** The swaps on the board shown, as the engine finds them. */
const swapsOn = (grid) => findMoves({ grid: gridFromCells(grid) });

/** What the visits tell the harness, for the row counts after the run. */
export function newLedger() {
  return {
    sessions: [],
    /** Actions answered 200, ends left out (they are not moves of the game's log). */
    actionsApplied: 0,
    /** Figures updates answered 200 (each one a row), and the closing ones (no row). */
    sessionUpdates: 0,
    sessionEnds: 0,
    rewardClicks: 0,
    impressions: { ad: 0, icon: 0 },
    /** sessionId -> reviewState of each game whose score was stored (200). */
    scores: new Map(),
  };
}

/**
 * `pool` an undici Pool on the gateway, `wsUrl` its /ws, `stats` a StepStats, `ledger` from
 * newLedger(), `run` {stopping, stopped (a promise resolved at the stop), weekId,
 * failuresLogged}. Returns `visit(arrivalAt, index)`.
 */
export function visitor({ pool, wsUrl, scenario, stats, ledger, run, log }) {
  const { endpoints, visit: plan } = scenario;
  const game = plan.game;

  /** Waits until `at` (a performance.now() time), or less when the run stops. */
  function sleepUntil(at) {
    const wait = at - performance.now();
    if (wait <= 0) return undefined;
    let timer;
    return Promise.race([
      new Promise((r) => (timer = setTimeout(r, wait))),
      run.stopped.then(() => clearTimeout(timer)),
    ]);
  }

  /**
   * Sends endpoint `name` at `dueAt` (or now, if later): {status, json} or null (failure).
   * `countAs(answer)` may name the case the answer is counted under instead of `name`.
   */
  async function send(
    name,
    dueAt,
    { params = {}, body, credential, offer, json = true, countAs } = {},
  ) {
    const from = Math.max(dueAt, performance.now());
    await sleepUntil(dueAt);
    if (run.stopping) return null;
    const { method, path: template } = endpoints[name];
    const url = template.replace(/\{(\w+)\}/g, (_, key) => encodeURIComponent(params[key]));
    const done = stats.started(name, dueAt, from);
    try {
      const res = await pool.request({
        path: url,
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(credential ? { 'x-session-credential': credential } : {}),
          ...(offer ? { 'x-ad-offer': offer } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.body.text();
      const answer = { status: res.statusCode, json: json && text ? JSON.parse(text) : null };
      done(answer.status, countAs?.(answer) ?? name);
      return answer;
    } catch (error) {
      done(undefined);
      if (!run.stopping && run.failuresLogged++ < 5) log(`${name}: ${error.message}`);
      return null;
    }
  }

  /** The visit's socket: subscribed to the plan's channels; counts score deliveries. */
  function openSocket(arrivalAt) {
    const step = stats.of(arrivalAt);
    const socket = new WebSocket(wsUrl);
    socket.addEventListener('open', () => {
      step.socketsOpened++;
      for (const channel of plan.socket.channels) {
        socket.send(JSON.stringify({ type: 'subscribe', channel }));
      }
    });
    socket.addEventListener('error', () => {
      if (!run.stopping) step.socketFailures++;
    });
    socket.addEventListener('message', (event) => {
      const now = Date.now();
      const at = stats.of(performance.now());
      at.socketMessages++;
      const message = JSON.parse(event.data);
      if (message.type === 'update' && message.data?.action === 'new_score') {
        at.socketDeliveries.push(now - Date.parse(message.data.score.createdAt));
      }
    });
    return () => socket.close();
  }

  async function playGame(startAt) {
    const playerName = `Mixed ${Math.floor(Math.random() * 5000)}`;
    const started = await send(game.start, startAt, {
      body: {
        playerName,
        sessionId: randomUUID(),
        deviceFingerprint: 'mixed-load'.padEnd(50, '-'),
      },
    });
    if (started?.status !== 200) return startAt;
    const { id, credential, offers } = started.json;
    let state = started.json.game;
    ledger.sessions.push(id);

    // The faces on the board, each reported once with its offer.
    await Promise.all(
      (offers?.faces ?? []).map(async (face) => {
        const name = face.kind === 'ad' ? game.impressions.ad : game.impressions.icon;
        const answer = await send(name, startAt, {
          params: { adId: face.adId, color: face.color },
          body: {},
          json: false,
          offer: face.id,
        });
        if (answer?.status === 204) ledger.impressions[face.kind === 'ad' ? 'ad' : 'icon']++;
      }),
    );

    let due = startAt;
    let actionsSent = 0;
    let rewardFollowed = false;
    let score = 0;
    const moveTimes = [];
    while (state.status !== 'ended') {
      due += game.actionPaceMs * (1 - game.paceJitter + 2 * game.paceJitter * Math.random());
      const action =
        actionsSent >= game.maxActions
          ? { type: 'end' }
          : nextAction(state, Boolean(offers?.reward) && !rewardFollowed, swapsOn);
      if (action.type === 'extraMoves') {
        const click = await send(game.rewardClick, due, {
          params: { offerId: offers.reward.id },
          json: false,
        });
        if (click?.status !== 302) return due;
        ledger.rewardClicks++;
        rewardFollowed = true;
      }
      const answer = await send(game.action, due, {
        params: { id },
        body: { seq: state.seq, action },
        credential,
      });
      if (answer?.status !== 200) return due;
      // The game's log keeps the moves (swaps, resets, extra moves); an end is its status.
      if (action.type !== 'end') ledger.actionsApplied++;
      actionsSent++;
      state = answer.json.game;
      score = state.score;
      moveTimes.push(Math.round(performance.now()));
      // The page's figures on every few moves, and once more, closing the session, at the end.
      const ending = state.status === 'ended';
      if (ending || actionsSent % game.sessionUpdateEvery === 0) {
        // Sent beside the game, as the page does; its answer is not waited for.
        void send(game.sessionUpdate, due, {
          params: { id },
          credential,
          body: sessionFigures(state, playerName, game.actionPaceMs, {
            moveTimestamps: moveTimes.splice(0),
            ...(ending ? { endingSession: true } : {}),
          }),
          // Not waited for, an update can still be on its way when a later action ends the
          // game: it is refused as the page's is (which ignores the answer), not a failure.
          countAs: (a) =>
            a.status === 422 && a.json?.message === 'Session has ended'
              ? 'sessionUpdateAfterEnd'
              : undefined,
        }).then((a) => {
          // The game's end closed the session already: the closing update changes nothing.
          if (a?.status === 200) ledger[ending ? 'sessionEnds' : 'sessionUpdates']++;
        });
      }
    }
    if (score <= 0) return due; // zero-point games are not submitted
    due += game.actionPaceMs;
    const entry = { playerName, score, level: state.level.currentLevel, sessionId: id };
    const [submit, ...after] = plan.afterGame;
    const stored = await send(submit, due, {
      credential,
      body: { ...entry, moves: state.totalMoves },
    });
    if (stored?.status !== 200) return due;
    ledger.scores.set(id, stored.json.reviewState);
    stats.of(due).gamesSubmitted++;
    for (const name of after) {
      await send(name, due, {
        credential,
        body: name === 'recordWeekly' ? entry : undefined,
        params: { weekId: run.weekId },
      });
    }
    return due;
  }

  return async function visit(arrivalAt, index) {
    stats.of(arrivalAt).visits++;
    await Promise.all(
      plan.pageLoad.map((name) => send(name, arrivalAt, { params: { weekId: run.weekId } })),
    );
    if (run.stopping) return;
    const close = openSocket(arrivalAt);
    try {
      // Evenly spread players among the visitors (golden-ratio sequence): the share holds in
      // every second, not only on average.
      const plays = (index * 0.6180339887) % 1 < plan.playerShare;
      if (plays) await playGame(arrivalAt + game.actionPaceMs);
      else await sleepUntil(arrivalAt + plan.socket.browserHoldMs);
    } finally {
      close();
    }
  };
}
