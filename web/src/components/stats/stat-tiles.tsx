import { Facts } from '@/components/ui/facts';
import './stats.css';

/** The range's headline figures, each a label over its value. */
export function StatTiles({ tiles }: { tiles: Array<[label: string, value: string]> }) {
  return <Facts facts={tiles} className="stat-tiles" rowClassName="stat-tile panel" />;
}
