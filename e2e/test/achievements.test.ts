// Achievement badges end to end: a registered player has the dashboard open; a ranked game of
// theirs, played against the server and submitted (verified by the scores service, judged by
// auth from scores.created, announced through its outbox and the realtime service), shows a
// toast on the open page over /ws and joins the dashboard's list, with no reload.
import { registerThroughApi } from '../support/accounts';
import { playApiGame, postOk } from '../support/api-game';
import { useChromium } from '../support/browser';

const { journey } = useChromium();

journey(
  "a player's verified game wins a badge: a toast on the open page, and the dashboard lists it",
  async ({ page, context }) => {
    const account = await registerThroughApi(context);
    // The page's socket answers the subscription: the server knows whose page it is.
    const subscribed = new Promise<void>((resolve) => {
      page.on('websocket', (socket) => {
        socket.on('framereceived', ({ payload }) => {
          const message = JSON.parse(String(payload)) as { type?: string; channel?: string };
          if (message.type === 'subscription' && message.channel === 'achievements') resolve();
        });
      });
    });
    await page.goto('/user-dashboard');
    const section = page.getByRole('region', { name: 'Achievements' });
    await section.getByText(/^0 of \d+ won$/).waitFor();
    await subscribed;

    const game = await playApiGame(context.request, account.username);
    await postOk(
      context.request,
      '/api/scores',
      {
        playerName: account.username,
        score: game.score,
        level: game.level,
        moves: game.moves,
        sessionId: game.sessionId,
      },
      game.owner,
    );

    // One toast at a time: each badge's replaces the last; some badge's shows.
    await page
      .getByText(/^Achievement unlocked: /)
      .first()
      .waitFor();
    const firstGame = section.getByTestId('achievement').filter({ hasText: 'First Game' });
    await firstGame.getByText(/^Won /).waitFor();
    expect(await section.getByText(/^\d+ of \d+ won$/).innerText()).not.toMatch(/^0 of/);
  },
);
