import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import type { Ad } from '../api/types';
import { AdFacts } from './ad-facts';
import { AdPreviews } from './ad-previews';
import { ApproveDialog, RejectDialog } from './review-dialogs';

/** One ad awaiting review: how it looks, what was bought, and Approve or Reject. */
export function AdReviewCard({ ad }: { ad: Ad }) {
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const close = () => setDialog(null);
  return (
    <Card className="ad-card" aria-label={`Ad by ${ad.advertiserName}`} role="article">
      <CardBody className="ad-card__body">
        <AdPreviews ad={ad} />
        <div className="ad-card__side">
          <AdFacts ad={ad} />
          <div className="ad-card__actions">
            <Button onClick={() => setDialog('approve')}>Approve</Button>
            <Button variant="danger" onClick={() => setDialog('reject')}>
              Reject
            </Button>
          </div>
        </div>
      </CardBody>
      {dialog === 'approve' && <ApproveDialog ad={ad} onClose={close} />}
      {dialog === 'reject' && <RejectDialog ad={ad} onClose={close} />}
    </Card>
  );
}
