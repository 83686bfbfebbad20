import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import type { SessionFilter } from '../../api/tracking';

type SearchBy = 'player' | 'ip';

/**
 * Which sessions to list: all or suspicious ones only, or those of one player name or one IP
 * address (the server's exact match: a name whatever its case, an address as written).
 */
export function SessionFilters({
  filter,
  onChange,
}: {
  filter: SessionFilter;
  onChange: (filter: SessionFilter) => void;
}) {
  const byId = useId();
  const textId = useId();
  const searching = filter.kind === 'player' || filter.kind === 'ip';
  const [by, setBy] = useState<SearchBy>(filter.kind === 'ip' ? 'ip' : 'player');
  const [text, setText] = useState(searching ? filter.value : '');

  function search(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    onChange(value ? { kind: by, value } : { kind: 'all' });
  }

  return (
    <div className="tracking-filters">
      <div className="tracking-filters__views" role="group" aria-label="Sessions shown">
        {(
          [
            ['all', 'All sessions'],
            ['suspicious', 'Suspicious only'],
          ] as const
        ).map(([kind, label]) => (
          <Button
            key={kind}
            size="sm"
            variant={filter.kind === kind ? 'primary' : 'secondary'}
            aria-pressed={filter.kind === kind}
            onClick={() => {
              setText('');
              onChange({ kind });
            }}
          >
            {label}
          </Button>
        ))}
      </div>
      <form className="tracking-filters__search" role="search" onSubmit={search}>
        <div className="field">
          <label className="field__label" htmlFor={byId}>
            Search by
          </label>
          <select
            id={byId}
            className="field__input"
            value={by}
            onChange={(event) => setBy(event.target.value as SearchBy)}
          >
            <option value="player">Player name</option>
            <option value="ip">IP address</option>
          </select>
        </div>
        <div className="field tracking-filters__text">
          <label className="field__label" htmlFor={textId}>
            {by === 'player' ? 'Player name' : 'IP address'}
          </label>
          <input
            id={textId}
            className="field__input"
            value={text}
            placeholder={by === 'player' ? 'e.g. Ann' : 'e.g. 203.0.113.7'}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <Button type="submit" size="sm">
          Search
        </Button>
        {searching && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setText('');
              onChange({ kind: 'all' });
            }}
          >
            Clear search
          </Button>
        )}
      </form>
    </div>
  );
}
