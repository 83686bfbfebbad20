// A cut game socket (docs/product.md 'Playing', docs/api.md 'Clients'): a registered player's
// ranked game goes on through a crash of the sessions process (SIGKILL, mid-game, the moves
// since the game began not yet durable: this stack's sessions writes its log a minute after a
// batch's first row) and through a restart of the gateway that relays the socket. Each time the
// page reconnects on /ws/game?session=<id>, sends again what the server had not saved, and the
// next move goes after it; a move that waits for the socket shows 'Reconnecting…'; the player is
// never told the game was restored. After each cut the server's game (GET …/game, as the
// player) is the board's, and the score submitted at the end is the board's. The services run
// on a stack of this file's own (support/restartable-stack.ts), as the sessions process and the
// gateway are restarted.
import { registerThroughApi } from '../support/accounts';
import { useChromium } from '../support/browser';
import { GameMirror, formatScore, submitOnPage, type WireGame } from '../support/game';
import { useRestartableStack } from '../support/restartable-stack';
import { JOURNEY_TIMEOUT_MS } from '../support/timeouts';

jest.setTimeout(3 * JOURNEY_TIMEOUT_MS); // a whole game and two restarts
const stack = useRestartableStack('stack-reconnect.log', {
  env: { ACTION_LOG_FLUSH_MS: '60000' },
});
const { journey } = useChromium({ baseUrl: () => stack.url });

const RESTORED = 'Your game was restored from the last saved move';

/** What the board's connection status said, in order (its live region keeps no history). */
function recordConnectionStatus(): void {
  const said: string[] = [];
  Object.assign(window, { connectionStatusSaid: said });
  new MutationObserver(() => {
    const text = document.querySelector('.board-connection')?.textContent;
    if (text && said.at(-1) !== text) said.push(text);
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

journey(
  'a cut game socket: the page sends again what the server had not saved, and the game goes on to a submitted score',
  async ({ page, context }) => {
    await context.addInitScript(recordConnectionStatus);
    const account = await registerThroughApi(context);
    await page.goto('/');
    await page.getByRole('banner').getByText(account.username).waitFor();
    const game = new GameMirror(page);
    const opened = page.waitForEvent('websocket', (s) => s.url().includes('/ws/game'));
    await game.start(() => page.getByRole('button', { name: 'PLAY NOW!' }).click());
    const first = await opened;
    expect(new URL(first.url()).search).toBe(`?session=${game.sessionId}`);
    await game.settled();
    await game.clickMove();
    await game.clickMove();

    /**
     * The game as the server holds it, read through the API as the signed-in player; a 503 is
     * read again, as clients do (the gateway's gRPC channel to a sessions process started
     * again may still be in its reconnect back-off while the socket is already back).
     */
    async function serverGame(): Promise<WireGame> {
      for (let attempt = 1; ; attempt++) {
        const response = await page.request.get(`/api/player-sessions/${game.sessionId}/game`);
        if (response.status() === 503 && attempt < 20) {
          await new Promise((resolve) => setTimeout(resolve, 500));
          continue;
        }
        expect(response.status()).toBe(200);
        return (await response.json()) as WireGame;
      }
    }
    const said = () =>
      page.evaluate(
        () => (window as unknown as { connectionStatusSaid: string[] }).connectionStatusSaid,
      );

    // 1. The sessions process dies with both moves unsaved, and the player moves at once: the
    // move waits for the socket, which cannot be back within the second after which the board
    // says so (the process is started again 1 s after it died; the page's attempts to reconnect
    // come 0.2, 0.7 and 1.7 s after the cut).
    const cut = game.gameSockets.at(-1)!.waitForEvent('close');
    const crashed = stack.crash('sessions');
    await cut;
    await game.clickMove({ think: false });
    await crashed;
    expect(await said()).toEqual(['Reconnecting…']);
    expect(await page.locator('.board-connection').textContent()).toBe('');
    expect(game.gameSockets.length).toBeGreaterThan(1);
    expect(new URL(game.gameSockets.at(-1)!.url()).search).toBe(`?session=${game.sessionId}`);
    // Both unsaved moves went again, in order, on the new socket, before the one made meanwhile
    // (the new process replayed them: its answers were the page's, or it would have said so).
    expect(game.sent.map((sent) => sent.seq)).toEqual([0, 1, 0, 1, 2]);
    expect(game.answeredOver).toEqual(['ws', 'ws', 'ws']);
    expect(game.game.seq).toBe(3);
    expect(await serverGame()).toMatchObject(game.game);

    // 2. The gateway that relays the socket restarts; the sessions process keeps the game.
    const cutAgain = game.gameSockets.at(-1)!.waitForEvent('close');
    const restarted = stack.restart('gateway');
    await cutAgain;
    await restarted;
    await game.clickMove();
    expect(game.game.seq).toBe(4);
    expect(await serverGame()).toMatchObject(game.game);

    // 3. Play on until out of moves, decline the extra moves, submit.
    while (game.isActive()) await game.clickMove();
    expect(game.game.status).toBe('gameOverPending');
    const offer = page.getByRole('dialog', { name: 'Get 7 Extra Moves!' });
    await game.answerTo('end', () => offer.getByRole('button', { name: 'No Thanks' }).click());
    expect(game.game.status).toBe('ended');
    expect(game.actionsBySeq()).toHaveLength(game.game.seq);
    expect(await page.getByText(RESTORED).count()).toBe(0);

    const dialog = page.getByRole('dialog', { name: 'HIGH SCORE!' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('final-score').textContent()).toBe(
      formatScore(game.game.score),
    );
    const { response, body } = await submitOnPage(page, () =>
      dialog.getByRole('button', { name: 'Submit Score' }).click(),
    );
    expect(response.status()).toBe(200);
    expect(await serverGame()).toMatchObject({ status: 'ended', score: game.game.score });
    expect(body).toMatchObject({ playerName: account.username, score: game.game.score });
  },
);
