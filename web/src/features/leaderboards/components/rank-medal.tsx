import { cn } from '@/components/ui/cn';
import './rank-medal.css';

const MEDALS = { 1: 'gold', 2: 'silver', 3: 'bronze' } as const;

/** Ranks 1–3 get gold, silver and bronze medals; other ranks are a plain number. */
export function RankMedal({ rank, size = 28 }: { rank: number; size?: number }) {
  const medal = MEDALS[rank as 1 | 2 | 3];
  if (!medal) return <span className="rank-number">{rank}</span>;
  return (
    <span
      role="img"
      aria-label={`Rank ${rank}, ${medal} medal`}
      className={cn('rank-medal', `rank-medal--${medal}`)}
      style={{ width: size, height: size }}
    >
      <svg viewBox="0 0 32 32" aria-hidden="true">
        <path className="rank-medal__ribbon" d="M9 1h6l3 10h-6zM17 1h6l-3 10h-6z" />
        <circle className="rank-medal__rim" cx="16" cy="20" r="10.5" />
        <circle className="rank-medal__face" cx="16" cy="20" r="8" />
        <text x="16" y="24.2" textAnchor="middle" className="rank-medal__digit">
          {rank}
        </text>
      </svg>
    </span>
  );
}
