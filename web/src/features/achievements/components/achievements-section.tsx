import { useQuery } from '@tanstack/react-query';
import { QueryStates } from '@/components/stats/query-states';
import { formatLocalDate } from '@/utils/format';
import { achievementsQueryOptions } from '../api/get-achievements';
import './achievements.css';

/**
 * The dashboard's badges: every badge of the set, those won with the date, the others dimmed
 * with what earns them (docs/product.md 'Achievements').
 */
export function AchievementsSection() {
  const achievements = useQuery(achievementsQueryOptions());
  const won = achievements.data?.filter((a) => a.awardedAt).length ?? 0;
  return (
    <section className="dashboard-section" aria-labelledby="achievements-title">
      <div className="dashboard-section__head">
        <h2 id="achievements-title">Achievements</h2>
        {achievements.data && (
          <span className="achievements__count">
            {won} of {achievements.data.length} won
          </span>
        )}
      </div>
      <QueryStates query={achievements} what="your achievements">
        {(badges) => (
          <>
            {won === 0 && (
              <p className="dashboard-section__empty">
                Finish a game and submit its score to win your first badge.
              </p>
            )}
            <ul className="achievements tile-grid">
              {badges.map((badge) => (
                <li
                  key={badge.id}
                  className={`achievement${badge.awardedAt ? ' achievement--won' : ''}`}
                  data-testid="achievement"
                >
                  <span className="achievement__medal" aria-hidden="true">
                    {badge.awardedAt ? '★' : '☆'}
                  </span>
                  <span className="achievement__text">
                    <strong className="achievement__name">{badge.name}</strong>
                    <span className="achievement__description">{badge.description}</span>
                    {badge.awardedAt ? (
                      <span className="achievement__when">
                        Won{' '}
                        <time dateTime={badge.awardedAt}>{formatLocalDate(badge.awardedAt)}</time>
                      </span>
                    ) : (
                      <span className="achievement__when">Not won yet</span>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryStates>
    </section>
  );
}
