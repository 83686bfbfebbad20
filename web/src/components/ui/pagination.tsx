import { Button } from './button';
import './pagination.css';

/** Previous, 'Page X of Y', Next; each button disabled where it would lead nowhere. */
export function Pagination({
  page,
  totalPages,
  onChange,
  label,
  disabled = false,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Names the navigation landmark, e.g. 'Updates pages'. */
  label: string;
  /** While a page loads. */
  disabled?: boolean;
}) {
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
