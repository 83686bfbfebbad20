import { manageActionsFor } from '@ballmatch/rules';
import { useState } from 'react';
import { Button, ButtonLink, type ButtonVariant } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useAdAction } from '../api/ad-actions';
import type { Ad } from '../api/types';
import { EndAdDialog, ScheduleDialog } from './manage-dialogs';

const failed = (title: string) => (error: Error) =>
  toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });

/** Pausing and resuming: a button each, its words while the action runs and if it fails. */
const RUN_ACTIONS = {
  pause: {
    label: 'Pause',
    pendingLabel: 'Pausing...',
    failure: 'Could not pause the ad',
    variant: 'secondary',
  },
  resume: {
    label: 'Resume',
    pendingLabel: 'Resuming...',
    failure: 'Could not resume the ad',
    variant: 'primary',
  },
} as const satisfies Record<
  string,
  { label: string; pendingLabel: string; failure: string; variant: ButtonVariant }
>;

/** What an admin can do with an ad in its state: pause, resume, end early, move the start. */
export function AdRowActions({ ad }: { ad: Ad }) {
  const pause = useAdAction('pause');
  const resume = useAdAction('resume');
  const [dialog, setDialog] = useState<'end' | 'schedule' | null>(null);
  const close = () => setDialog(null);
  const busy = pause.isPending || resume.isPending;

  if (ad.state === 'awaiting_review') {
    return (
      <ButtonLink
        size="sm"
        variant="secondary"
        to={ad.kind === 'ball' ? paths.adminAdsReview : paths.adminBannerAdsReview}
      >
        Review
      </ButtonLink>
    );
  }

  const buttons = manageActionsFor(ad.state).map((action) => {
    switch (action) {
      case 'pause':
      case 'resume': {
        const { label, pendingLabel, failure, variant } = RUN_ACTIONS[action];
        const mutation = action === 'pause' ? pause : resume;
        return (
          <Button
            key={action}
            size="sm"
            variant={variant}
            disabled={busy}
            onClick={() => mutation.mutate({ id: ad.id }, { onError: failed(failure) })}
          >
            {mutation.isPending ? pendingLabel : label}
          </Button>
        );
      }
      case 'schedule':
        return (
          <Button key={action} size="sm" variant="secondary" onClick={() => setDialog('schedule')}>
            Change start
          </Button>
        );
      case 'end':
        return (
          <Button key={action} size="sm" variant="danger" onClick={() => setDialog('end')}>
            End early
          </Button>
        );
    }
  });

  return (
    <>
      {buttons.length > 0 && <div className="ad-card__actions">{buttons}</div>}
      {dialog === 'end' && <EndAdDialog ad={ad} onClose={close} />}
      {dialog === 'schedule' && <ScheduleDialog ad={ad} onClose={close} />}
    </>
  );
}
