import { usePlayCount } from '../api/get-play-count';
import './play-count.css';

const numberFormat = new Intl.NumberFormat();

/** 'Plays: N' in the header; a dash while unknown (loading, or the count is unavailable). */
export function PlayCount() {
  const { data } = usePlayCount();
  const count = data && Number.isFinite(data.completedPlayCount) ? data.completedPlayCount : null;
  return (
    <span className="play-count" title="Games completed on BallMatch">
      <span className="play-count__dot" aria-hidden="true" />
      Plays: {count === null ? '—' : numberFormat.format(count)}
    </span>
  );
}
