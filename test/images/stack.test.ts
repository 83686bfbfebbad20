// The whole stack run from its images (support/global-setup.ts builds them and starts one
// container per service): the site answers on its port with the built web app, every process
// runs as the images' user, a player's journey goes through every service (register: auth;
// a ranked game: sessions; its score: scores, on the board and pushed to a socket by realtime,
// all through the gateway), and every container drains and exits 0 on SIGTERM.
import { submissionOf } from '@ballmatch/kit';
import { eventually } from '@ballmatch/platform/testing';
import { playShortGame, register } from '../../e2e/support/api-players';
import { ApiClient } from '../../e2e/support/http-client';
import { podman, stackInfo } from './support/podman';

jest.setTimeout(120_000);
const stack = stackInfo();

describe('the stack run from its images', () => {
  it('serves the built web app and answers ready on the gateway port', async () => {
    const page = await fetch(`${stack.url}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    expect({ script }).toEqual({ script: expect.stringMatching(/^\/assets\//) });
    expect((await fetch(`${stack.url}${script}`)).status).toBe(200);
    expect((await fetch(`${stack.url}/readyz`)).status).toBe(200);
  });

  it('runs every service as the images’ user node (uid 1000), not root', () => {
    const users = Object.fromEntries(
      Object.entries(stack.containers).map(([name, container]) => [
        name,
        podman(['exec', container, 'id', '-u']).trim(),
      ]),
    );
    expect(users).toEqual(
      Object.fromEntries(Object.keys(stack.containers).map((n) => [n, '1000'])),
    );
  });

  it('takes a player through sign-up, a ranked game and its score on the board and a socket', async () => {
    const updates: unknown[] = [];
    const socket = new WebSocket(`${stack.url.replace(/^http/, 'ws')}/ws`);
    let subscribed = false;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'subscribe', channel: 'scores' }));
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as { type: string };
      if (message.type === 'subscription') subscribed = true;
      if (message.type === 'update') updates.push(message);
    };
    try {
      await eventually(() => subscribed, { timeoutMs: 15_000 });

      const player = new ApiClient(stack.url, { origin: stack.url });
      const account = await register(player, 'img');
      const me = await player.get<{ username: string }>('/api/user');
      expect(me.json.username).toBe(account.username);

      const game = await playShortGame(player, account.username);
      expect(game.moves).toBeGreaterThan(0);
      const { path, body, headers } = submissionOf(game);
      const accepted = await player.postOk<{ id: string; score: number }>(path, body, { headers });
      expect(accepted.score).toBe(game.score);

      await eventually(
        async () => {
          const top = await player.get<Array<{ id: string; playerName: string }>>(
            '/api/scores/top?limit=10',
          );
          expect(top.json).toEqual(
            expect.arrayContaining([
              expect.objectContaining({ id: accepted.id, playerName: account.username }),
            ]),
          );
        },
        { timeoutMs: 20_000, intervalMs: 250 },
      );
      await eventually(() => expect(updates.length).toBeGreaterThan(0), { timeoutMs: 20_000 });
    } finally {
      socket.close();
    }
  });

  it('stops every container on SIGTERM (the gateway first): each drains and exits 0', () => {
    const order = Object.entries(stack.containers).reverse();
    const exits = Object.fromEntries(
      order.map(([name, container]) => {
        podman(['stop', '--time', '30', container]);
        const code = podman(['inspect', '--format', '{{.State.ExitCode}}', container]).trim();
        return [name, Number(code)];
      }),
    );
    expect(exits).toEqual(Object.fromEntries(order.map(([name]) => [name, 0])));
  });
});
