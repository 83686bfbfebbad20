import { PageTitle } from '@/components/page/page-title';
import type { Update } from '@/types/api';
import { formatPublishDate } from '../lib/publish-date';
import './update-article.css';

/**
 * One update in full. Its content is HTML the server has already sanitised to its allow-list
 * (docs/api.md 'Sanitising'); it goes into a container as markup, where nothing in it can run
 * (innerHTML never runs scripts, and the page's Content-Security-Policy forbids inline code).
 */
export function UpdateArticle({ update }: { update: Update }) {
  return (
    <article className="update-article">
      <PageTitle
        title={update.title}
        docTitle={`${update.title} · Updates`}
        subtitle={
          <time dateTime={update.publishDate}>{formatPublishDate(update.publishDate)}</time>
        }
      />
      <div
        className="update-article__content"
        data-testid="update-content"
        dangerouslySetInnerHTML={{ __html: update.content ?? '' }}
      />
    </article>
  );
}
