import { useQuery } from '@tanstack/react-query';
import { QueryBoard } from '@/components/ui/board-states';
import { adminUpdateQueryOptions } from '../api/get-admin-updates';
import type { AdminUpdate } from '../api/types';
import { UpdateForm } from './update-form';

interface Navigation {
  onCreated: (update: AdminUpdate) => void;
  onPublished: () => void;
}

/** The form for a new update (no id) or a saved one, read first with its content. */
export function UpdateEditor({ id, ...navigation }: { id: string | null } & Navigation) {
  if (!id) return <UpdateForm {...navigation} />;
  return <SavedUpdateEditor id={id} {...navigation} />;
}

function SavedUpdateEditor({ id, ...navigation }: { id: string } & Navigation) {
  const query = useQuery(adminUpdateQueryOptions(id));
  // Keyed by id: another update starts a fresh form; a refreshed one keeps what is typed.
  return (
    <QueryBoard
      query={query}
      loading="Loading the update..."
      errorTitle="Error loading this update"
      what="this update (it may have been deleted)"
    >
      {(update) => <UpdateForm key={id} update={update} {...navigation} />}
    </QueryBoard>
  );
}
