import type { Knex } from '@ballmatch/platform';

/** Reward clicks of ranked games, in PostgreSQL: extra moves must not vanish with Redis. */
export function createRewardClickStore(db: Knex) {
  return {
    /** Records the session's reward click; the first one stays (a repeat changes nothing). */
    async record(click: {
      sessionId: string;
      offerId: string;
      adId: string | null;
      at: Date;
    }): Promise<void> {
      await db('reward_clicks')
        .insert({
          session_id: click.sessionId,
          offer_id: click.offerId,
          ad_id: click.adId,
          clicked_at: click.at,
        })
        .onConflict('session_id')
        .ignore();
    },

    async clicked(sessionId: string): Promise<boolean> {
      const row = await db('reward_clicks').first('session_id').where({ session_id: sessionId });
      return row !== undefined;
    },
  };
}
