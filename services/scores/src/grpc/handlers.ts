import { callerId, requireAdmin, type AsyncServiceOf } from '@ballmatch/platform';
import type { scoresV1 } from '@ballmatch/proto';
import type { Leaderboards, RankView, WeeklyRowView, WeekView } from '../domain/leaderboards';
import type { Moderation } from '../domain/moderation';
import type { Review } from '../domain/review';
import { isRunning, type SeasonAdmin } from '../domain/seasons';
import type { Stats } from '../domain/stats';
import type { Submissions } from '../domain/submissions';
import type { ShownScore } from '../store/boards';
import type { BanRow, ResetRow } from '../store/moderation';
import type { ReviewRow } from '../store/review';
import type { SeasonRow } from '../store/seasons';

/** Proto <-> domain. No rules here: they live in domain/. */
export function toScore(s: ShownScore): scoresV1.Score {
  return {
    id: s.id,
    playerName: s.playerName,
    score: s.score,
    level: s.level,
    moves: s.moves,
    createdAt: s.createdAt.toISOString(),
  };
}

export function toWeek(w: WeekView): scoresV1.Week {
  return {
    id: w.id,
    name: w.name,
    isActive: w.isActive,
    startDate: w.startDate.toISOString(),
    endDate: w.endDate.toISOString(),
  };
}

function toSeasonRow(s: SeasonRow, at: Date): scoresV1.Season {
  return toWeek({
    id: s.id,
    name: s.name,
    isActive: isRunning(s, at),
    startDate: s.startsAt,
    endDate: s.endsAt,
  });
}

function toScoreRank(r: RankView<ShownScore>): scoresV1.AllTimeRankResponse {
  const item = (x: { rank: number; item: ShownScore }) => ({
    rank: x.rank,
    score: toScore(x.item),
  });
  return { rank: r.rank, entry: item(r.entry), around: r.around.map(item) };
}

function toBan(b: BanRow): scoresV1.BannedPlayer {
  return { playerName: b.playerName, reason: b.reason, bannedAt: b.createdAt.toISOString() };
}

function toReset(r: ResetRow): scoresV1.ScoreReset {
  return {
    id: r.id,
    reason: r.reason,
    scoresRemoved: r.scoresRemoved,
    createdAt: r.createdAt.toISOString(),
    restoredAt: r.restoredAt?.toISOString() ?? '',
  };
}

function toReviewed(r: ReviewRow): scoresV1.ReviewedScore {
  return {
    score: toScore(r),
    sessionId: r.sessionId,
    reviewState: r.reviewState,
    heldReason: r.heldReason ?? '',
    heldAt: r.heldAt?.toISOString() ?? '',
    reviewedAt: r.reviewedAt?.toISOString() ?? '',
    reviewReason: r.reviewReason ?? '',
    reviewedBy: r.reviewedBy ?? '',
  };
}

export interface ScoresDomain {
  submissions: Submissions;
  leaderboards: Leaderboards;
  seasons: SeasonAdmin;
  moderation: Moderation;
  review: Review;
  stats: Stats;
  now: () => Date;
}

export function createScoreHandlers(
  d: ScoresDomain,
): AsyncServiceOf<typeof scoresV1.ScoreServiceService> {
  const boards = d.leaderboards;
  return {
    submitScore: async (req, ctx) => {
      const submitted = await d.submissions.submit({ ...req, userId: callerId(ctx) });
      return { ...submitted, score: toScore(submitted.score) };
    },
    topScores: async (req) => ({ scores: (await boards.topAllTime(req.limit)).map(toScore) }),
    checkHighScore: async (req) => ({ isHighScore: await boards.isHighScore(req.score) }),
    allTimeRank: async (req) => toScoreRank(await boards.allTimeRank(req.playerName, req.radius)),
  };
}

export function createLeaderboardHandlers(
  d: ScoresDomain,
): AsyncServiceOf<typeof scoresV1.LeaderboardServiceService> {
  const boards = d.leaderboards;
  return {
    listWeeks: async () => ({ weeks: (await boards.listWeeks()).map(toWeek) }),
    activeWeek: async () => ({ week: toWeek(await boards.activeWeek()) }),
    weeklyTop: async (req) => ({
      // A WeeklyRowView is a WeeklyRow field for field (the encoder writes those fields only).
      rows: await boards.weeklyTop(req.weekId, req.limit),
    }),
    weeklyRank: async (req) => {
      const r = await boards.weeklyRank(req.weekId, req.playerName, req.radius);
      const item = (x: { rank: number; item: WeeklyRowView }) => ({ rank: x.rank, row: x.item });
      return { rank: r.rank, entry: item(r.entry), around: r.around.map(item) };
    },
    listSeasons: async () => ({ seasons: (await boards.listSeasons()).map(toWeek) }),
    activeSeason: async () => {
      const season = await boards.activeSeason();
      return { season: season ? toWeek(season) : undefined };
    },
    seasonTop: async (req) => ({
      scores: (await boards.seasonTop(req.seasonId, req.limit)).map(toScore),
    }),
    seasonRank: async (req) =>
      toScoreRank(await boards.seasonRank(req.seasonId, req.playerName, req.radius)),
  };
}

export function createStatsHandlers(
  d: ScoresDomain,
): AsyncServiceOf<typeof scoresV1.StatsServiceService> {
  return {
    incrementPlayCount: async (req) => ({ playCount: await d.stats.playStarted(req.hasAds) }),
    getPlayCount: async () => ({ completedPlayCount: await d.stats.completedCount() }),
    recordCompletedGame: async (req) => {
      d.stats.gameCompleted(req);
      return { recorded: true };
    },
  };
}

/** Admin only (the server lets no one else in); the admin's id goes into the audit log. */
export function createScoresAdminHandlers(
  d: ScoresDomain,
): AsyncServiceOf<typeof scoresV1.ScoresAdminServiceService> {
  const { moderation } = d;
  const season = (row: SeasonRow) => ({ season: toSeasonRow(row, d.now()) });
  return {
    createSeason: async (req, ctx) => season(await d.seasons.create(req, requireAdmin(ctx).id)),
    updateSeason: async (req, ctx) =>
      season(await d.seasons.update(req.id, req, requireAdmin(ctx).id)),
    endSeason: async (req, ctx) => season(await d.seasons.end(req.id, requireAdmin(ctx).id)),

    voidScore: async (req, ctx) => {
      const voided = await moderation.voidScore(req.scoreId, req.reason, requireAdmin(ctx).id);
      return {
        score: toScore(voided.score),
        voidedAt: voided.voidedAt.toISOString(),
        reason: voided.reason,
      };
    },
    listHeldScores: async (req) => ({
      scores: (await d.review.list(req.state, req.limit)).map(toReviewed),
    }),
    getSessionScore: async (req) => {
      const row = await d.review.ofSession(req.sessionId);
      return {
        score: toReviewed(row),
        voidedAt: row.voidedAt?.toISOString() ?? '',
        voidReason: row.voidReason ?? '',
      };
    },
    clearScore: async (req, ctx) => ({
      score: toReviewed(await d.review.clear(req.scoreId, req.reason, requireAdmin(ctx).id)),
    }),
    rejectScore: async (req, ctx) => ({
      score: toReviewed(await d.review.reject(req.scoreId, req.reason, requireAdmin(ctx).id)),
    }),
    banPlayer: async (req, ctx) => ({
      player: toBan(await moderation.ban(req.playerName, req.reason, requireAdmin(ctx).id)),
    }),
    unbanPlayer: async (req, ctx) => {
      await moderation.unban(req.playerName, requireAdmin(ctx).id);
      return {};
    },
    listBannedPlayers: async () => ({ players: (await moderation.bans()).map(toBan) }),
    resetAllTime: async (req, ctx) => ({
      reset: toReset(await moderation.reset(req.reason, requireAdmin(ctx).id)),
    }),
    restoreReset: async (req, ctx) => ({
      reset: toReset(await moderation.restore(req.resetId, requireAdmin(ctx).id)),
    }),
    listResets: async () => ({ resets: (await moderation.resets()).map(toReset) }),
    listAudit: async (req) => ({
      entries: (await moderation.auditLog(req.limit)).map((e) => ({
        id: e.id,
        action: e.action,
        actorUserId: e.actorUserId,
        target: e.target,
        reason: e.reason,
        details: JSON.stringify(e.details),
        createdAt: e.createdAt.toISOString(),
      })),
    }),
    dailyStats: async (req) => ({ days: await d.stats.daily(req.days) }),
  };
}
