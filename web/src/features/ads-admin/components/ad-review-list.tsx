import { useQuery } from '@tanstack/react-query';
import { adminAdsQueryOptions } from '../api/get-ads';
import type { AdKind } from '../api/types';
import { AdReviewCard } from './ad-review-card';
import { QueryStates } from '@/components/stats/query-states';
import './ads-admin.css';

/** Every paid ad of one kind waiting for an admin's approval, newest first. */
export function AdReviewList({ kind }: { kind: AdKind }) {
  const ads = useQuery(adminAdsQueryOptions({ kind, state: 'awaiting_review' }));
  const noun = kind === 'ball' ? 'ball ads' : 'banner ads';
  return (
    <QueryStates query={ads} what={`the ${noun} awaiting review`}>
      {(list) =>
        list.length === 0 ? (
          <p className="ads-admin-empty">No {noun} are waiting for review.</p>
        ) : (
          <section aria-label={`${noun} awaiting review`}>
            <p className="ads-admin-count">
              {list.length === 1 ? '1 ad is' : `${list.length} ads are`} waiting for review.
            </p>
            <div className="ad-cards">
              {list.map((ad) => (
                <AdReviewCard key={ad.id} ad={ad} />
              ))}
            </div>
          </section>
        )
      }
    </QueryStates>
  );
}
