import type { Pagination as PageInfo } from '@/types/api';
import { Button } from './button';
import './pagination.css';

/**
 * Previous, 'Page X of Y', Next for a paged answer, each button disabled where it would lead
 * nowhere; nothing for a single page.
 */
export function Pagination({
  pagination,
  page = pagination.currentPage,
  onChange,
  label,
  disabled = false,
}: {
  pagination: Pick<PageInfo, 'currentPage' | 'totalPages'>;
  /** The page asked for, where it is ahead of the answer shown. */
  page?: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark, e.g. 'Updates pages'. */
  label: string;
  /** While a page loads. */
  disabled?: boolean;
}) {
  const { totalPages } = pagination;
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <Button
        variant="secondary"
        size="sm"
        disabled={disabled || page <= 1}
        onClick={() => onChange(page - 1)}
      >
        Previous
      </Button>
      <span className="pagination__status" aria-live="polite">
        Page {page} of {totalPages}
      </span>
      <Button
        variant="secondary"
        size="sm"
        disabled={disabled || page >= totalPages}
        onClick={() => onChange(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
