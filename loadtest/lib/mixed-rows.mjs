// After a mixed run: the rows in PostgreSQL against what the clients were told. Every count is
// of this run's own sessions (their ids), or a difference from before the run, so a database
// that holds earlier runs' rows counts the same.
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function one(db, sql, params = []) {
  return (await db.query(sql, params)).rows[0];
}

/** Totals that are not per session: read before the run, compared after it. */
export async function rowsBefore(db) {
  return one(
    db,
    `SELECT
       (SELECT coalesce(sum(impressions), 0)::bigint FROM ads.ad_daily_stats) AS "adImpressions",
       (SELECT coalesce(sum(impressions), 0)::bigint FROM ads.icon_daily_stats) AS "iconImpressions",
       (SELECT coalesce(sum(games_played), 0)::bigint FROM scores.weekly_scores) AS "weeklyGames"`,
  );
}

/** Waits for the outbox and the ads counters to drain, then compares; returns the checks. */
export async function countRows(db, ledger, before, log) {
  const sessions = ledger.sessions;
  const scored = [...ledger.scores.keys()];
  const onBoards = [...ledger.scores.values()].filter((s) => s === 'accepted').length;
  // Events leave the outbox within a second; impressions reach PostgreSQL at the next flush.
  let now;
  for (let i = 0; i < 150; i++) {
    now = await rowsBefore(db);
    const outbox = await one(db, 'SELECT count(*)::int AS n FROM scores.outbox');
    const flushed =
      Number(now.adImpressions) - Number(before.adImpressions) >= ledger.impressions.ad &&
      Number(now.iconImpressions) - Number(before.iconImpressions) >= ledger.impressions.icon;
    if (outbox.n === 0 && flushed) break;
    await sleep(200);
  }
  const stored = await one(
    db,
    `SELECT count(*)::int AS rows, count(DISTINCT session_id)::int AS sessions,
            count(*) FILTER (WHERE session_id = ANY($2))::int AS acknowledged
       FROM scores.scores WHERE session_id = ANY($1)`,
    [sessions, scored],
  );
  const perSession = await one(
    db,
    `SELECT
       (SELECT count(*)::int FROM sessions.sessions WHERE id = ANY($1)) AS sessions,
       -- The player's end is logged too (code -1); the clients count moves and resets.
       (SELECT count(*)::int FROM sessions.game_actions
         WHERE session_id = ANY($1) AND code <> -1) AS actions,
       (SELECT count(*)::int FROM sessions.session_updates WHERE session_id = ANY($1)) AS updates,
       (SELECT count(*)::int FROM ads.reward_clicks WHERE session_id = ANY($1)) AS "rewardClicks",
       (SELECT count(*)::int FROM scores.outbox) AS outbox`,
    [sessions],
  );
  const figures = {
    gamesStarted: { clients: sessions.length, rows: perSession.sessions },
    actionsApplied: { clients: ledger.actionsApplied, rows: perSession.actions },
    sessionUpdates: { clients: ledger.sessionUpdates, rows: perSession.updates },
    rewardClicks: { clients: ledger.rewardClicks, rows: perSession.rewardClicks },
    scoresAccepted: { clients: scored.length, rows: stored.acknowledged },
    weeklyGames: {
      clients: onBoards,
      rows: Number(now.weeklyGames) - Number(before.weeklyGames),
    },
    adImpressions: {
      clients: ledger.impressions.ad,
      rows: Number(now.adImpressions) - Number(before.adImpressions),
    },
    iconImpressions: {
      clients: ledger.impressions.icon,
      rows: Number(now.iconImpressions) - Number(before.iconImpressions),
    },
  };
  const mismatches = Object.entries(figures)
    .filter(([, f]) => f.clients !== f.rows)
    .map(([name, f]) => `${name}: clients ${f.clients}, rows ${f.rows}`);
  const checks = {
    ...figures,
    reviewStates: Object.fromEntries(
      [...new Set(ledger.scores.values())].map((s) => [
        s,
        [...ledger.scores.values()].filter((v) => v === s).length,
      ]),
    ),
    // A score stored whose answer the client never had (a request cut by the stop) is not lost.
    scoresStoredUnacknowledged: stored.rows - stored.acknowledged,
    outboxLeft: perSession.outbox,
    lost: Math.max(0, scored.length - stored.acknowledged),
    duplicated: stored.rows - stored.sessions,
    mismatches,
  };
  log(`rows: ${mismatches.length === 0 ? 'all equal' : mismatches.join('; ')}`);
  return checks;
}
