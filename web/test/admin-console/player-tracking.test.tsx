import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionDetail, TrackedSession } from '@/features/admin-console/api/types';
import { pageOf, respond, sentBody, type ApiCall } from '../helpers/api-server';
import {
  IDLE_AFTER_MS,
  SessionState,
} from '@/features/admin-console/components/tracking/session-state';
import { renderApp } from '../helpers/render-app';
import { callsTo, installAdminApi } from '../ads-admin/helpers';

const BOT = '6f1c7a52-4f0e-4c8e-9d3a-1b2c3d4e5f60';
const ANN = '7a2d8b63-5a1f-4d9f-8e4b-2c3d4e5f6071';
const SCORE = '9b3e9c74-6b2a-4e0a-9f5c-3d4e5f607182';
/** The bot's game's score. */
const botScore = {
  id: SCORE,
  playerName: 'Metronome',
  score: 900,
  level: 3,
  moves: 12,
  createdAt: '2026-11-24T12:01:00.000Z',
};

function session(overrides: Partial<TrackedSession>): TrackedSession {
  return {
    id: ANN,
    playerName: 'Ann',
    clientSessionId: 'c',
    deviceFingerprint: 'fp-ann',
    ip: '203.0.113.7',
    userId: null,
    totalScore: 1250,
    matchCount: 31,
    moveCount: 40,
    averageMoveDuration: 1432.5,
    suspicious: false,
    flags: [],
    createdAt: '2026-11-24T11:58:00.000Z',
    updatedAt: '2026-11-24T12:00:00.000Z',
    endedAt: '2026-11-24T12:00:00.000Z',
    ...overrides,
  };
}

const timingFlag = {
  type: 'SUSPICIOUS_TIMING',
  details: '12 moves: 0 of 11 gaps under 100 ms (0%), variation 0.000, mean gap 300 ms',
  source: 'server' as const,
  createdAt: '2026-11-24T12:01:00.000Z',
};

/** A small player-tracking server: two sessions, the bot's score, bans; records every call. */
function trackingServer() {
  const bot: SessionDetail = {
    ...session({ id: BOT, playerName: 'Metronome', ip: '198.51.100.9', suspicious: true }),
    flags: [timingFlag],
    timing: {
      moveCount: 12,
      gapCount: 11,
      fastGapCount: 0,
      fastRatio: 0,
      meanGap: 300,
      coefficientOfVariation: 0,
      suspicious: true,
      flags: ['lowVariation'],
      gaps: Array(11).fill(300),
    },
  };
  const ann = session({});
  let voided: { at: string; reason: string } | null = null;
  let bans: Array<{ playerName: string; reason: string; bannedAt: string }> = [];
  const page = (data: TrackedSession[]) => respond(200, pageOf(data));
  const { timing: _, ...botRow } = bot;
  const calls = installAdminApi({
    '/api/admin/player-sessions': () => page([botRow, ann]),
    '/api/admin/player-sessions/suspicious': () => page(bot.suspicious ? [botRow] : []),
    '/api/admin/player-sessions/ip/198.51.100.9': () => page([botRow]),
    [`/api/admin/player-sessions/${BOT}`]: () => respond(200, bot),
    [`POST /api/admin/player-sessions/${BOT}/unflag`]: (call: ApiCall) => {
      bot.suspicious = false;
      bot.flags = [
        ...bot.flags,
        {
          type: 'ADMIN_UNFLAG',
          details: (sentBody(call) as { reason: string }).reason,
          source: 'admin',
          createdAt: '2026-11-24T12:05:00.000Z',
        },
      ];
      return respond(200, bot);
    },
    [`/api/admin/player-sessions/${BOT}/score`]: () =>
      respond(200, {
        score: botScore,
        sessionId: BOT,
        reviewState: 'accepted',
        heldReason: null,
        heldAt: null,
        reviewedAt: null,
        reviewReason: null,
        reviewedBy: null,
        voidedAt: voided?.at ?? null,
        voidReason: voided?.reason ?? null,
      }),
    [`POST /api/admin/scores/${SCORE}/void`]: (call: ApiCall) => {
      voided = {
        at: '2026-11-24T12:06:00.000Z',
        reason: (sentBody(call) as { reason: string }).reason,
      };
      return respond(200, {});
    },
    'GET /api/admin/banned-players': () => respond(200, bans),
    'POST /api/admin/banned-players': (call: ApiCall) => {
      const body = sentBody(call) as { playerName: string; reason: string };
      bans = [{ ...body, bannedAt: '2026-11-24T12:07:00.000Z' }];
      return respond(200, bans[0]);
    },
    'DELETE /api/admin/banned-players/Metronome': () => {
      bans = [];
      return respond(200, { playerName: 'Metronome', banned: false });
    },
    '/api/admin/scores/held': () =>
      respond(200, [
        {
          score: botScore,
          sessionId: BOT,
          reviewState: 'held',
          heldReason: 'Flagged by server: 12 moves, variation 0.000',
          heldAt: '2026-11-24T12:01:00.000Z',
          reviewedAt: null,
          reviewReason: null,
          reviewedBy: null,
        },
      ]),
    [`POST /api/admin/scores/${SCORE}/clear`]: () => respond(200, {}),
  });
  return calls;
}

const paths = (calls: ApiCall[], method = 'GET') =>
  calls
    .filter((c) => c.method === method)
    .map((c) => new URL(c.url, 'http://localhost'))
    .map((u) => u.pathname + u.search);

/** Types a reason into the open dialog and confirms with its button. */
async function confirmWithReason(
  user: ReturnType<typeof userEvent.setup>,
  button: string,
  reason: string,
) {
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByLabelText(/Reason/), reason);
  await user.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('/admin-player-tracking', () => {
  it('lists sessions newest first, the suspicious ones only, and finds them by IP', async () => {
    const calls = trackingServer();
    const user = userEvent.setup();
    const { router } = renderApp('/admin-player-tracking');

    const table = await screen.findByRole('table', { name: 'Sessions, newest first' });
    const names = () =>
      within(screen.getByRole('table', { name: 'Sessions, newest first' }))
        .getAllByRole('rowheader')
        .map((th) => th.querySelector('.tracking-table__name')?.textContent);
    expect(names()).toEqual(['Metronome', 'Ann']);
    expect(within(table).getByText('Suspicious')).toBeTruthy();
    expect(paths(calls)).toContain('/api/admin/player-sessions?page=1&limit=20');

    await user.click(screen.getByRole('button', { name: 'Suspicious only' }));
    await waitFor(() => expect(names()).toEqual(['Metronome']));
    expect(router.state.location.search).toBe('?view=suspicious');

    await user.selectOptions(screen.getByLabelText('Search by'), 'IP address');
    await user.type(screen.getByLabelText('IP address'), '198.51.100.9');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(paths(calls)).toContain('/api/admin/player-sessions/ip/198.51.100.9?page=1&limit=20'),
    );
    expect(router.state.location.search).toBe('?ip=198.51.100.9');
  });

  it('opens a session: its facts, flags and timing analysis; unflag, void its score, ban and unban', async () => {
    const calls = trackingServer();
    const user = userEvent.setup();
    renderApp('/admin-player-tracking');

    await user.click(await screen.findByRole('button', { name: "Open Metronome's session" }));
    const detail = await screen.findByRole('region', { name: 'Session of Metronome' });
    expect(
      await within(detail).findByText('Suspicious: gaps too even (variation under 0.1)'),
    ).toBeTruthy();
    const tile = (label: string) => within(detail).getByText(label).nextElementSibling?.textContent;
    expect(tile('Actions timed')).toBe('12');
    expect(tile('Mean gap')).toBe('300 ms');
    expect(tile('Gaps under 100 ms')).toBe('0 (0.0%)');
    expect(tile('IP address')).toBe('198.51.100.9');
    expect(within(detail).getByRole('img', { name: /Time between actions/ })).toBeTruthy();
    expect(within(detail).getByText(timingFlag.details)).toBeTruthy();

    await user.click(within(detail).getByRole('button', { name: 'Unflag session' }));
    await confirmWithReason(user, 'Unflag session', 'Known speed player');
    expect(
      sentBody(callsTo(calls, 'POST', `/api/admin/player-sessions/${BOT}/unflag`)[0]!),
    ).toEqual({
      reason: 'Known speed player',
    });
    expect(await within(detail).findByText('Unflagged by an admin')).toBeTruthy();
    expect(within(detail).getByRole('button', { name: 'Flag session' })).toBeTruthy();

    expect(await within(detail).findByText('900 points')).toBeTruthy();
    await user.click(within(detail).getByRole('button', { name: 'Void score' }));
    await confirmWithReason(user, 'Void score', 'Bot');
    expect(await within(detail).findByText(/Voided .*: Bot/)).toBeTruthy();
    expect(within(detail).queryByRole('button', { name: 'Void score' })).toBeNull();

    await user.click(within(detail).getByRole('button', { name: 'Ban player' }));
    await confirmWithReason(user, 'Ban player', 'Scripted play');
    expect(sentBody(callsTo(calls, 'POST', '/api/admin/banned-players')[0]!)).toEqual({
      playerName: 'Metronome',
      reason: 'Scripted play',
    });
    expect(await within(detail).findByText(/: Scripted play/)).toBeTruthy();
    await user.click(within(detail).getByRole('button', { name: 'Unban player' }));
    await within(detail).findByRole('button', { name: 'Ban player' });
    expect(callsTo(calls, 'DELETE', '/api/admin/banned-players/Metronome')).toHaveLength(1);
  });

  it('asks for a reason before flagging, and shows the refusal of the server', async () => {
    const user = userEvent.setup();
    installAdminApi({
      [`/api/admin/player-sessions/${ANN}`]: respond(200, {
        ...session({}),
        timing: {
          moveCount: 0,
          gapCount: 0,
          fastGapCount: 0,
          fastRatio: 0,
          meanGap: 0,
          coefficientOfVariation: 0,
          suspicious: false,
          flags: [],
          gaps: [],
        },
      }),
      [`/api/admin/player-sessions/${ANN}/score`]: respond(404, {
        message: 'This session has no score',
      }),
      '/api/admin/banned-players': respond(200, []),
      '/api/admin/player-sessions': respond(200, pageOf([])),
      [`POST /api/admin/player-sessions/${ANN}/flag`]: respond(400, {
        message: 'reason must not contain control characters',
        field: 'reason',
      }),
    });
    renderApp(`/admin-player-tracking?session=${ANN}`);
    const detail = await screen.findByRole('region', { name: 'Session of Ann' });
    expect(await within(detail).findByText('No score was submitted from this game.')).toBeTruthy();
    expect(within(detail).getByText('No action of this game reached the server yet.')).toBeTruthy();
    await user.click(within(detail).getByRole('button', { name: 'Flag session' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Flag session' }));
    expect(within(dialog).getByText('Give a reason.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'odd');
    await user.click(within(dialog).getByRole('button', { name: 'Flag session' }));
    expect(
      await within(dialog).findByText('reason must not contain control characters'),
    ).toBeTruthy();
  });

  it('lists the scores held for review and clears one', async () => {
    const calls = trackingServer();
    const user = userEvent.setup();
    renderApp('/admin-player-tracking');
    await user.click(await screen.findByRole('tab', { name: 'Held scores' }));
    expect(await screen.findByText(/Flagged by server: 12 moves/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: "Clear Metronome's score" }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Clear score' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', `/api/admin/scores/${SCORE}/clear`)).toHaveLength(1),
    );
    expect(sentBody(callsTo(calls, 'POST', `/api/admin/scores/${SCORE}/clear`)[0]!)).toEqual({});

    await user.click(screen.getByRole('button', { name: 'Open session of Metronome' }));
    expect(await screen.findByRole('region', { name: 'Session of Metronome' })).toBeTruthy();
  });
});

describe("a tracked session's state", () => {
  const NOW = Date.parse('2026-11-24T12:00:00.000Z');
  const ago = (ms: number) => new Date(NOW - ms).toISOString();

  function stateOf(overrides: Partial<TrackedSession>): string | null {
    const { container, unmount } = render(
      <SessionState session={session({ endedAt: null, ...overrides })} now={NOW} />,
    );
    const text = container.textContent;
    unmount();
    return text;
  }

  it('is Playing while its page keeps reporting, and Idle once it has been silent 30 minutes', () => {
    expect(stateOf({ updatedAt: ago(60_000) })).toBe('Playing');
    expect(stateOf({ updatedAt: ago(IDLE_AFTER_MS) })).toBe('Playing');
    expect(stateOf({ updatedAt: ago(IDLE_AFTER_MS + 1000) })).toBe('Idle');
  });

  it('is Ended once ended, however long ago, and Suspicious above all', () => {
    const longAgo = ago(10 * IDLE_AFTER_MS);
    expect(stateOf({ updatedAt: longAgo, endedAt: longAgo })).toBe('Ended');
    expect(stateOf({ updatedAt: longAgo, suspicious: true })).toBe('Suspicious');
  });
});
