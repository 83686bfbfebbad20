import { useSearchParams } from 'react-router';
import { Page } from '@/components/page/page';
import { paths } from '@/config/paths';
import { UpdateEditor } from '@/features/updates-admin/components/update-editor';
import { UpdatesTable } from '@/features/updates-admin/components/updates-table';

/**
 * /admin-updates: the news, every status; `?new` writes one, `?edit={id}` edits one (so Back
 * leaves the editor, and a link opens it).
 */
export default function AdminUpdatesRoute() {
  const [search, setSearch] = useSearchParams();
  const editing = search.get('edit');
  const writing = editing !== null || search.has('new');

  if (writing) {
    return (
      <Page
        className="page--narrow"
        back={{ to: paths.adminUpdates, label: 'All updates' }}
        title={editing ? 'Edit Update' : 'New Update'}
        subtitle="Players read it on the Updates page once it is published."
      >
        <UpdateEditor
          id={editing}
          onCreated={(update) => setSearch({ edit: update.id }, { replace: true })}
          onPublished={() => setSearch({})}
        />
      </Page>
    );
  }

  return (
    <Page
      back={{ to: paths.adminDashboard, label: 'Admin Dashboard' }}
      title="Manage Updates"
      subtitle="Write news for players: save drafts, publish now or at a time of your choosing."
    >
      <UpdatesTable />
    </Page>
  );
}
