import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { QueryBoard } from '@/components/ui/board-states';
import { cn } from '@/components/ui/cn';
import { Pagination } from '@/components/ui/pagination';
import { feedbackQueryOptions } from '../api/feedback';
import type { FeedbackBox } from '../api/types';
import { FeedbackCard } from './feedback-card';
import './feedback.css';

const EMPTY: Record<FeedbackBox, string> = {
  inbox: 'No messages. What players send from the contact page lands here.',
  archive: 'Nothing archived.',
};

/** The inbox (unread first, then newest) or the archive, a page at a time. */
export function FeedbackInbox() {
  const [box, setBox] = useState<FeedbackBox>('inbox');
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...feedbackQueryOptions({ box, page }),
    placeholderData: keepPreviousData,
  });
  const lastPage = Math.max(query.data?.pagination.totalPages ?? 1, 1);
  // The inbox's unread count, whichever list is open (kept while another page loads).
  const unread = query.data?.unreadCount;

  // Archiving the last message of the last page leaves that page empty: show the one before.
  useEffect(() => {
    if (page > lastPage) setPage(lastPage);
  }, [page, lastPage]);

  function open(next: FeedbackBox) {
    setBox(next);
    setPage(1);
  }

  return (
    <section className="feedback-inbox" aria-label="Messages">
      <div className="feedback-inbox__boxes" role="group" aria-label="Show">
        {(['inbox', 'archive'] as const).map((name) => (
          <button
            key={name}
            type="button"
            className={cn('feedback-box', box === name && 'feedback-box--on')}
            aria-pressed={box === name}
            onClick={() => open(name)}
          >
            {name === 'inbox' ? 'Inbox' : 'Archived'}
            {name === 'inbox' && unread !== undefined && unread > 0 && (
              <span className="feedback-box__count">{unread} unread</span>
            )}
          </button>
        ))}
      </div>
      <QueryBoard
        query={query}
        loading="Loading messages..."
        errorTitle="Error loading messages"
        what="the messages"
      >
        {({ data, pagination }) =>
          pagination.total === 0 ? (
            <p className="empty-note">{EMPTY[box]}</p>
          ) : (
            <>
              <div className="feedback-inbox__list">
                {data.map((feedback) => (
                  <FeedbackCard key={feedback.id} feedback={feedback} />
                ))}
              </div>
              <Pagination
                label="Message pages"
                pagination={pagination}
                onChange={setPage}
                disabled={query.isPlaceholderData}
              />
            </>
          )
        }
      </QueryBoard>
    </section>
  );
}
