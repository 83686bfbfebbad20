const longDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** A publish date in the visitor's locale ('November 24, 2026'); the raw text if unreadable. */
export function formatPublishDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : longDate.format(date);
}

/** `?page=N` as a page number: a whole number of at least 1, else the first page. */
export function pageFromSearch(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}
