import { Badge } from '@/components/ui/badge';
import { BreakableEmail } from '@/components/ui/breakable-email';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/utils/format';
import { useFeedbackAction, type FeedbackAction } from '../api/feedback';
import type { Feedback } from '../api/types';
import { replyLink } from '../lib/reply-link';

/** One message: who sent it and when, its text, and what the admin can do with it. */
export function FeedbackCard({ feedback }: { feedback: Feedback }) {
  const change = useFeedbackAction();
  const { id, name, read, archived } = feedback;

  function act(action: FeedbackAction) {
    change.mutate(
      { id, action },
      {
        onError: (error) =>
          toast({
            title: 'Not changed',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  }

  const toggles: Array<{ action: FeedbackAction; label: string; variant: ButtonVariant }> = [
    read
      ? { action: 'unread', label: 'Mark as unread', variant: 'secondary' }
      : { action: 'read', label: 'Mark as read', variant: 'secondary' },
    archived
      ? { action: 'unarchive', label: 'Move to inbox', variant: 'ghost' }
      : { action: 'archive', label: 'Archive', variant: 'ghost' },
  ];

  return (
    <article
      className={cn('feedback-card', !read && 'feedback-card--unread')}
      aria-labelledby={`feedback-${id}`}
    >
      <header className="feedback-card__head">
        <h2 id={`feedback-${id}`} className="feedback-card__name">
          {!read && <span className="visually-hidden">Unread: </span>}
          {name}
        </h2>
        {!read && (
          <Badge tone="orange" className="feedback-card__new">
            New
          </Badge>
        )}
        <span className="feedback-card__email">
          <BreakableEmail email={feedback.email} />
        </span>
        <time className="feedback-card__date" dateTime={feedback.createdAt}>
          {formatDateTime(feedback.createdAt)}
        </time>
      </header>
      <p className="feedback-card__message">{feedback.message}</p>
      <footer className="feedback-card__foot">
        <span className="feedback-card__ip">From {feedback.clientIp || 'an unknown address'}</span>
        <div className="feedback-card__actions">
          <a
            className="btn btn--primary btn--sm"
            href={replyLink(feedback)}
            onClick={() => {
              if (!read) act('read');
            }}
          >
            Reply<span className="visually-hidden"> to {name}</span>
          </a>
          {toggles.map(({ action, label, variant }) => (
            <Button
              key={label}
              size="sm"
              variant={variant}
              disabled={change.isPending}
              onClick={() => act(action)}
            >
              {label}
            </Button>
          ))}
        </div>
      </footer>
    </article>
  );
}
