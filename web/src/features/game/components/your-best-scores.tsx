import { useSyncExternalStore } from 'react';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { readStorage } from '@/lib/storage';
import {
  LOCAL_HIGH_SCORES_KEY,
  loadLocalHighScores,
  subscribeLocalHighScores,
} from '../lib/local-high-scores';
import './your-best-scores.css';

const SHOWN = 3;
const numberFormat = new Intl.NumberFormat('en-US');
const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });

// The raw stored text is the snapshot (a stable string), parsed on render.
const snapshot = () => readStorage(LOCAL_HIGH_SCORES_KEY) ?? '';

/** This device's own best games (its local high scores), the top 3. */
export function YourBestScores() {
  useSyncExternalStore(subscribeLocalHighScores, snapshot, () => '');
  const best = loadLocalHighScores().slice(0, SHOWN);

  return (
    <Card className="your-best">
      <CardHeader>
        <CardTitle>Your Best Scores</CardTitle>
      </CardHeader>
      <CardBody>
        {best.length === 0 ? (
          <p className="your-best__empty">Your best games on this device will show up here.</p>
        ) : (
          <ol className="stack-list">
            {best.map((entry, i) => (
              <li key={`${entry.date}-${i}`} className="your-best__row">
                <span className="your-best__rank">{i + 1}</span>
                <span className="your-best__score">{numberFormat.format(entry.score)}</span>
                <span className="your-best__meta">
                  Level {entry.level}
                  {Number.isFinite(Date.parse(entry.date)) &&
                    ` · ${dateFormat.format(new Date(entry.date))}`}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardBody>
    </Card>
  );
}
