import { useSearchParams } from 'react-router';
import { Page } from '@/components/page/page';
import { UpdatesList } from '@/features/updates/components/updates-list';
import { pageFromSearch } from '@/features/updates/lib/publish-date';

/** /updates: the news, 10 a page (`?page=N`, so a page can be linked and Back returns to it). */
export default function UpdatesRoute() {
  const [search, setSearch] = useSearchParams();
  const page = pageFromSearch(search.get('page'));

  function showPage(next: number) {
    setSearch(next === 1 ? {} : { page: String(next) });
    window.scrollTo({ top: 0 });
  }

  return (
    <Page
      className="page--narrow"
      title="Game Updates & News"
      subtitle="New features, seasons and fixes, from the BallMatch team."
    >
      <UpdatesList page={page} onPage={showPage} />
    </Page>
  );
}
