import { useState } from 'react';
import { Link } from 'react-router';
import { ActionDialog } from '@/components/ui/action-dialog';
import { Button, ButtonLink } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { publishedToast, updateRequests, useUpdateMutation } from '../api/update-actions';
import type { AdminUpdate } from '../api/types';

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });

/** A row's actions: edit, view, publish now, unpublish, delete (after asking). */
export function UpdateRowActions({ update }: { update: AdminUpdate }) {
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const publish = useUpdateMutation(updateRequests.publish, (answer) =>
    toast({ ...publishedToast(answer), variant: 'success' }),
  );
  const unpublish = useUpdateMutation(updateRequests.unpublish, () =>
    toast({ title: 'Update unpublished', description: 'It is a draft again.', variant: 'success' }),
  );
  const remove = useUpdateMutation(updateRequests.remove, () => {
    setConfirmingDelete(false);
    toast({
      title: 'Update deleted',
      description: `'${update.title}' is gone.`,
      variant: 'success',
    });
  });
  const busy = publish.isPending || unpublish.isPending || remove.isPending;
  const { id, status } = update;
  /** Publishing now (unless published) and unpublishing (unless a draft). */
  const statusMoves = [
    status !== 'published' && {
      label: 'Publish now',
      run: () => publish.mutate({ id }, { onError: failed('Not published') }),
    },
    status !== 'draft' && {
      label: 'Unpublish',
      run: () => unpublish.mutate({ id }, { onError: failed('Not unpublished') }),
    },
  ].filter((move) => move !== false);

  return (
    <div className="update-row__actions">
      <ButtonLink to={`${paths.adminUpdates}?edit=${encodeURIComponent(id)}`} size="sm">
        Edit<span className="visually-hidden"> {update.title}</span>
      </ButtonLink>
      {status === 'published' && (
        <Link to={paths.update(id)} className="update-row__view">
          View<span className="visually-hidden"> {update.title} on the site</span>
        </Link>
      )}
      {statusMoves.map(({ label, run }) => (
        <Button key={label} size="sm" variant="secondary" disabled={busy} onClick={run}>
          {label}
          <span className="visually-hidden">: {update.title}</span>
        </Button>
      ))}
      <Button size="sm" variant="ghost" disabled={busy} onClick={() => setConfirmingDelete(true)}>
        Delete<span className="visually-hidden">: {update.title}</span>
      </Button>
      {confirmingDelete && (
        <ActionDialog
          title="Delete this update?"
          submitLabel="Delete"
          pendingLabel="Deleting..."
          danger
          pending={remove.isPending}
          error={remove.isError ? errorMessage(remove.error, 'It could not be deleted.') : null}
          onSubmit={() => remove.mutate({ id })}
          onClose={() => setConfirmingDelete(false)}
        >
          <p>
            <strong>{update.title}</strong> will be gone for good
            {status === 'published' ? ', from the Updates page too' : ''}. To hide it but keep it,
            unpublish it instead.
          </p>
        </ActionDialog>
      )}
    </div>
  );
}
