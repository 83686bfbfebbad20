import { manageActionsFor } from '@ballmatch/rules';
import { useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useAdAction } from '../api/ad-actions';
import type { Ad } from '../api/types';
import { EndAdDialog, ScheduleDialog } from './manage-dialogs';

const failed = (title: string) => (error: Error) =>
  toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });

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
        return (
          <Button
            key={action}
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() =>
              pause.mutate({ id: ad.id }, { onError: failed('Could not pause the ad') })
            }
          >
            {pause.isPending ? 'Pausing...' : 'Pause'}
          </Button>
        );
      case 'resume':
        return (
          <Button
            key={action}
            size="sm"
            disabled={busy}
            onClick={() =>
              resume.mutate({ id: ad.id }, { onError: failed('Could not resume the ad') })
            }
          >
            {resume.isPending ? 'Resuming...' : 'Resume'}
          </Button>
        );
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
