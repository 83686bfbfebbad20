import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Card, CardBody } from '@/components/ui/card';
import { adminAdsQueryOptions } from '../api/get-ads';
import type { Ad, AdKind, AdState } from '../api/types';
import { AD_STATE_FILTERS, AD_STATE_LABELS } from '../lib/ad-states';
import { AdFacts } from './ad-facts';
import { AdThumb } from './ad-previews';
import { AdRowActions } from './ad-row-actions';
import { QueryStates } from '@/components/stats/query-states';
import { StateBadge } from './state-badge';
import './ads-admin.css';

function stateFrom(value: string | null): AdState | undefined {
  return AD_STATE_FILTERS.find((state) => state === value);
}

/** Every ad of one kind, filtered by state (kept in the address as ?state=), with its actions. */
export function AdManager({ kind }: { kind: AdKind }) {
  const filterId = useId();
  const [params, setParams] = useSearchParams();
  const state = stateFrom(params.get('state'));
  const ads = useQuery(adminAdsQueryOptions({ kind, state }));
  const noun = kind === 'ball' ? 'ball ads' : 'banner ads';

  return (
    <section aria-label={`All ${noun}`}>
      <div className="ad-filter">
        <label className="field__label" htmlFor={filterId}>
          State
        </label>
        <select
          id={filterId}
          className="field__input"
          value={state ?? ''}
          onChange={(event) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (event.target.value) next.set('state', event.target.value);
                else next.delete('state');
                return next;
              },
              { replace: true },
            )
          }
        >
          <option value="">All states</option>
          {AD_STATE_FILTERS.map((value) => (
            <option key={value} value={value}>
              {AD_STATE_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <QueryStates query={ads} what={`the ${noun}`}>
        {(list) =>
          list.length === 0 ? (
            <p className="ads-admin-empty">
              {state
                ? `No ${noun} are ${AD_STATE_LABELS[state].toLowerCase()}.`
                : `No ${noun} yet.`}
            </p>
          ) : (
            <div className="ad-cards">
              {list.map((ad) => (
                <ManagedAd key={ad.id} ad={ad} />
              ))}
            </div>
          )
        }
      </QueryStates>
    </section>
  );
}

function ManagedAd({ ad }: { ad: Ad }) {
  return (
    <Card role="article" aria-label={`Ad by ${ad.advertiserName}`}>
      <CardBody className="managed-ad">
        <AdThumb ad={ad} />
        <AdFacts ad={ad} />
        <div className="managed-ad__side">
          <StateBadge state={ad.state} />
          <AdRowActions ad={ad} />
        </div>
      </CardBody>
    </Card>
  );
}
