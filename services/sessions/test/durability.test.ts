import { actionCode } from '@ballmatch/engine';
import { swapsOn } from '@ballmatch/kit';
import { createKnex, type Knex } from '@ballmatch/platform';
import type { RunningSessions } from '../src';
import type { GameView } from '../src/domain/games';
import { newSession } from './fixtures';
import { openGameSocket, type Frame, type GameSocketClient } from './game-socket-client';
import { MANY_STARTS, startSessions, type SessionsHarness } from './harness';
import { startRelay } from './relay';

/**
 * Answers from memory, the log in batches (docs/architecture.md 'Ranked games'): every answer
 * says how much of the game is durable; what a crash loses the page sends again, and the
 * process that picks the game up replays it to the same boards; two processes that both
 * played a game learn which one the log holds. ACTION_LOG_FLUSH_MS is a minute here, so a
 * batch is written only when a test says (flushActionLog) or an end or HTTP answer needs it;
 * a quiet game's page is told what became durable after GAME_DURABLE_NOTICE_MS (a second
 * here: longer than a busy machine's pause between two statements).
 */
const DURABLE_NOTICE = { GAME_DURABLE_NOTICE_MS: '1000' };
let svc: SessionsHarness;
let db: Knex;
const sockets: GameSocketClient[] = [];
beforeAll(async () => {
  svc = await startSessions({ ...MANY_STARTS, ACTION_LOG_FLUSH_MS: '60000', ...DURABLE_NOTICE });
  db = createKnex({ url: svc.env.DATABASE_URL!, schema: 'sessions' });
});
afterEach(() => {
  sockets.splice(0).forEach((s) => s.close());
  svc.clock.real();
});
afterAll(async () => {
  await db.destroy();
  await svc.close();
});

async function socketTo(running: Pick<RunningSessions, 'gameWsPort'>, session?: string) {
  const query = session ? `?session=${session}` : '';
  const opened = await openGameSocket(`ws://127.0.0.1:${running.gameWsPort}/ws/game${query}`);
  sockets.push(opened);
  return opened;
}

type Answer = Record<string, unknown> & { game: GameView; durableSeq: number };

function answerOf(frame: Frame): Answer {
  if (frame.type !== 'answer') throw new Error(`not an answer: ${JSON.stringify(frame)}`);
  return frame.answer as Answer;
}

/** What the page kept of one action: the message it sent and the answer it was given. */
interface Sent {
  message: { type: 'action'; session: string; seq: number; credential: string; action: unknown };
  answer: Answer;
}

async function newGame(on: SessionsHarness = svc) {
  const { id, credential, game } = await on.client.createSession(newSession());
  return { id, credential, game: game as unknown as GameView };
}

/** The page's next action on the game shown: its first swap, else a reset. */
const nextAction = (game: GameView) =>
  game.hasMoves ? { type: 'swap', ...swapsOn(game)[0]! } : { type: 'reset' };

/** Plays `count` actions on `ws` from `game`, 1 s apart on the service clock; what was sent. */
async function play(
  on: SessionsHarness,
  ws: GameSocketClient,
  session: { id: string; credential: string },
  game: GameView,
  count: number,
) {
  const sent: Sent[] = [];
  for (let i = 0; i < count; i++) {
    on.clock.advance(1000);
    const message = {
      type: 'action' as const,
      session: session.id,
      seq: game.seq,
      credential: session.credential,
      action: nextAction(game),
    };
    const answer = answerOf(await ws.ask(message));
    sent.push({ message, answer });
    game = answer.game;
  }
  return { sent, game };
}

/** The player's end of the game shown. */
const endOf = (session: { id: string; credential: string }, game: GameView) => ({
  type: 'action',
  session: session.id,
  seq: game.seq,
  credential: session.credential,
  action: { type: 'end' },
});

const loggedSeqs = async (id: string, from = db) =>
  (await from('game_actions').where({ session_id: id }).orderBy('seq').select('seq')).map(
    (r: { seq: number }) => r.seq,
  );

/** An answer without what changes as the log is written (how much of it is durable). */
const board = ({ durableSeq: _durable, ...answer }: Answer) => answer;

describe('answers from memory, the log in batches', () => {
  it('every answer says how much is durable; what was committed is told by the next answer, or in one frame once the game is quiet', async () => {
    svc.clock.set('2031-03-03T10:00:00.000Z');
    const session = await newGame();
    const ws = await socketTo(svc.running, session.id);
    const { sent, game } = await play(svc, ws, session, session.game, 3);
    // Answered from memory: nothing written yet.
    expect(sent.map((s) => [s.answer.game.seq, s.answer.durableSeq])).toEqual([
      [1, 0],
      [2, 0],
      [3, 0],
    ]);
    expect(await loggedSeqs(session.id)).toEqual([]);
    await svc.running.flushActionLog(); // one row of the game per statement: three commits
    expect(await loggedSeqs(session.id)).toEqual([0, 1, 2]);
    // One frame for the three, not a write to the socket per commit.
    expect(await ws.nextDurable()).toEqual({ type: 'durable', session: session.id, durableSeq: 3 });
    const [next] = (await play(svc, ws, session, game, 1)).sent;
    expect(next!.answer.durableSeq).toBe(3);
  });

  it('over HTTP an answer waits for its commit: durableSeq is the game’s seq', async () => {
    const { id, game } = await newGame();
    const answer = await svc.client.playAction({
      id,
      seq: 0,
      action: { $case: 'swap', value: swapsOn(game)[0]! },
    });
    expect(answer.durableSeq).toBe(1);
    expect(answer.game!.seq).toBe(1);
    expect(await loggedSeqs(id)).toEqual([0]);
  });

  it('the end is durable before its answer: the game’s rows, then the end', async () => {
    svc.clock.set('2031-03-03T10:00:00.000Z');
    const session = await newGame();
    const ws = await socketTo(svc.running, session.id);
    const { game } = await play(svc, ws, session, session.game, 4);
    const end = answerOf(await ws.ask(endOf(session, game)));
    expect(end.game.status).toBe('ended');
    expect(end.durableSeq).toBe(5);
    expect(await loggedSeqs(session.id)).toEqual([0, 1, 2, 3, 4]);
    expect((await svc.client.getSessionForScoring({ id: session.id })).finished).toBe(true);
  });

  it('two processes wrote different actions at one place: the one whose row lost is told stale, with the log’s game', async () => {
    svc.clock.set('2031-03-03T10:00:00.000Z');
    const other = await svc.startAnother({ ACTION_LOG_FLUSH_MS: '60000' });
    const session = await newGame();
    const here = await socketTo(svc.running, session.id);
    const { game } = await play(svc, here, session, session.game, 2);
    await svc.running.flushActionLog();
    // A second tab whose socket reached the other process, at the same place with another swap.
    const there = await socketTo(other, session.id);
    const [mine, theirs] = swapsOn(game);
    const at = (move: unknown) => ({
      type: 'action',
      session: session.id,
      seq: 2,
      credential: session.credential,
      action: { type: 'swap', ...(move as object) },
    });
    const kept = answerOf(await here.ask(at(mine)));
    const lost = answerOf(await there.ask(at(theirs)));
    expect(lost.durableSeq).toBe(2);
    await svc.running.flushActionLog();
    await other.flushActionLog();
    const stale = await there.next();
    expect(stale).toEqual({ type: 'stale', session: session.id, game: kept.game });
    // Sent again there, the other action at that place gets the log's game again.
    expect(await there.ask(at(theirs))).toEqual({
      type: 'stale',
      session: session.id,
      game: kept.game,
    });
    const logged = await db('game_actions').where({ session_id: session.id, seq: 2 }).first();
    expect(logged.code).toBe(actionCode({ type: 'swap', ...mine!, at: 0 }));
  });

  it('a game moved on by another process is read as the log has it, not as this process last held it', async () => {
    svc.clock.set('2031-03-03T10:00:00.000Z');
    const other = await svc.startAnother();
    const session = await newGame();
    const here = await socketTo(svc.running, session.id);
    const { game } = await play(svc, here, session, session.game, 2);
    await svc.running.flushActionLog();
    // The game's socket moved to the other process (a rebalance), which played on.
    const there = await socketTo(other, session.id);
    const moved = await play(svc, there, session, game, 2);
    await other.flushActionLog();
    // This process still holds its copy at 2, with nothing of its own unsaved: a read is the log's.
    const read = (await svc.client.getGame({ id: session.id })).game!;
    expect(read.seq).toBe(4);
    expect(read.grid).toEqual(moved.game.grid);
  });

  it("the end's audit: a log that does not replay to the game played holds its score (LOG_MISMATCH)", async () => {
    svc.clock.set('2031-03-03T10:00:00.000Z');
    const session = await newGame();
    const ws = await socketTo(svc.running, session.id);
    const { game } = await play(svc, ws, session, session.game, 3);
    await svc.running.flushActionLog();
    // A row that says another action than the one played (a bug, or a hand in the database).
    const other = swapsOn(session.game)[1]!;
    await db('game_actions')
      .where({ session_id: session.id, seq: 0 })
      .update({ code: actionCode({ type: 'swap', ...other, at: 0 }) });
    const end = answerOf(await ws.ask(endOf(session, game)));
    expect(end.game.status).toBe('ended');
    const { session: stored } = await svc.admin.getSession({ id: session.id });
    expect(stored!.suspicious).toBe(true);
    expect(stored!.flags).toEqual([
      expect.objectContaining({
        type: 'LOG_MISMATCH',
        details: expect.stringMatching(/^The game's log is not the game played/),
      }),
    ]);
  });
});

describe('a crash', () => {
  // A harness of its own: its gRPC clients take a while to reconnect after the restart.
  let own: SessionsHarness;
  let ownDb: Knex;
  beforeAll(async () => {
    own = await startSessions({ ...MANY_STARTS, ACTION_LOG_FLUSH_MS: '60000' });
    ownDb = createKnex({ url: own.env.DATABASE_URL!, schema: 'sessions' });
  });
  afterAll(async () => {
    await ownDb.destroy();
    await own.close();
  });

  it('a crash loses what was not durable; the page sends it again and the new process replays it to the same boards', async () => {
    own.clock.set('2031-03-03T10:00:00.000Z');
    const session = await newGame(own);
    const ws = await socketTo(own.running, session.id);
    const before = await play(own, ws, session, session.game, 3);
    await own.running.flushActionLog();
    const unsaved = await play(own, ws, session, before.game, 3);
    expect(unsaved.sent.map((s) => s.answer.durableSeq)).toEqual([3, 3, 3]);

    await own.restart({ crash: true });
    expect(await ws.closed).toMatchObject({ code: 1006 }); // cut, no close frame
    expect(await loggedSeqs(session.id, ownDb)).toEqual([0, 1, 2]);

    // The page reconnects and sends again, in order with their seq, every action from the
    // last durableSeq it was told: each answered as the first time.
    const again = await socketTo(own.running, session.id);
    for (const { message, answer } of unsaved.sent) {
      own.clock.advance(1000);
      expect(board(answerOf(await again.ask(message)))).toEqual(board(answer));
    }
    // Already applied: an earlier one is acknowledged, the last one answered again.
    const [first, , last] = unsaved.sent;
    expect(await again.ask(first!.message)).toEqual({
      type: 'ack',
      session: session.id,
      seq: 3,
      durableSeq: expect.any(Number),
    });
    expect(board(answerOf(await again.ask(last!.message)))).toEqual(board(last!.answer));
    await own.running.flushActionLog();
    expect(await loggedSeqs(session.id, ownDb)).toEqual([0, 1, 2, 3, 4, 5]);
    // And the game goes on from there.
    const [next] = (await play(own, again, session, last!.answer.game, 1)).sent;
    expect(next!.answer.game.seq).toBe(7);
  });
});

describe('a client faster than the batch window', () => {
  it('reaching GAME_MAX_UNSAVED_ACTIONS has its rows written at once and goes on: no 503 while PostgreSQL answers', async () => {
    // Batches never go by themselves here: only the bound makes this game's rows written.
    const own = await startSessions({
      ...MANY_STARTS,
      ACTION_LOG_FLUSH_MS: '60000',
      GAME_MAX_UNSAVED_ACTIONS: '3',
    });
    try {
      const { id, credential, game } = await own.client.createSession(newSession());
      const ws = await openGameSocket(`ws://127.0.0.1:${own.running.gameWsPort}/ws/game`);
      sockets.push(ws);
      let shown = game as unknown as GameView;
      const answered: Answer[] = [];
      for (let i = 0; i < 7; i++) {
        const frame = await ws.ask({
          type: 'action',
          session: id,
          seq: shown.seq,
          credential,
          action: nextAction(shown),
        });
        answered.push(answerOf(frame));
        shown = answered.at(-1)!.game;
      }
      expect(answered.map((a) => a.game.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(answered.slice(0, 3).map((a) => a.durableSeq)).toEqual([0, 0, 0]);
      // The 4th found 3 unsaved and waited for them (the batch may carry on with its own row);
      // no answer leaves more than the bound unsaved.
      expect(answered[3]!.durableSeq).toBeGreaterThanOrEqual(3);
      for (const a of answered) expect(a.game.seq - a.durableSeq).toBeLessThanOrEqual(3);
    } finally {
      await own.close();
    }
  });
});

describe('PostgreSQL out of reach', () => {
  it('answers from memory up to GAME_MAX_UNSAVED_ACTIONS, then 503; nothing answered is lost', async () => {
    const relay = await startRelay({ host: '127.0.0.1', port: 5432 });
    const own = await startSessions(
      { ...MANY_STARTS, GAME_MAX_UNSAVED_ACTIONS: '3', GAME_DURABLE_NOTICE_MS: '0' },
      { databasePort: relay.port },
    );
    try {
      const { id, credential, game } = await own.client.createSession(newSession());
      const ws = await openGameSocket(`ws://127.0.0.1:${own.running.gameWsPort}/ws/game`);
      sockets.push(ws);
      let shown = game as unknown as GameView;
      const act = () =>
        ws.ask({
          type: 'action',
          session: id,
          seq: shown.seq,
          credential,
          action: nextAction(shown),
        });
      shown = answerOf(await act()).game;
      await ws.nextDurable(); // written within ACTION_LOG_FLUSH_MS (50 ms), told at once

      await relay.cut();
      const answered: Answer[] = [];
      for (let i = 0; i < 3; i++) {
        answered.push(answerOf(await act()));
        shown = answered.at(-1)!.game;
      }
      expect(answered.map((a) => [a.game.seq, a.durableSeq])).toEqual([
        [2, 1],
        [3, 1],
        [4, 1],
      ]);
      expect(await act()).toMatchObject({
        type: 'error',
        status: 503,
        message: 'The game is being saved; try again',
        seq: 4,
      });

      await relay.restore();
      // The queued rows are written by the retries; the page is told.
      let durable = 1;
      while (durable < 4) durable = (await ws.nextDurable()).durableSeq;
      expect(answerOf(await act()).game.seq).toBe(5);
      await own.running.flushActionLog();
      // Every action answered is in the log (the scoring read is the durable log).
      const scoring = await own.client.getSessionForScoring({ id });
      expect(scoring.actionCodes).toHaveLength(5);
    } finally {
      await own.close();
      await relay.stop();
    }
  });
});
