import './stats.css';

/** The range's headline figures, each a label over its value. */
export function StatTiles({ tiles }: { tiles: Array<[label: string, value: string]> }) {
  return (
    <dl className="stat-tiles">
      {tiles.map(([label, value]) => (
        <div key={label} className="stat-tile">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
