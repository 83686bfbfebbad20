import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { Update } from '@/types/api';
import { formatPublishDate } from '../lib/publish-date';

/** One update in the list: its title (to the update), date, the server's preview, 'Read more'. */
export function UpdateCard({ update }: { update: Update }) {
  const to = paths.update(update.id);
  return (
    <article className="update-card" aria-labelledby={`update-${update.id}`}>
      <h2 id={`update-${update.id}`} className="update-card__title">
        <Link to={to}>{update.title}</Link>
      </h2>
      <time className="update-card__date" dateTime={update.publishDate}>
        {formatPublishDate(update.publishDate)}
      </time>
      <p className="update-card__preview">{update.preview}</p>
      <Link to={to} className="update-card__more">
        Read more<span className="visually-hidden">: {update.title}</span>
        <span aria-hidden="true"> →</span>
      </Link>
    </article>
  );
}
