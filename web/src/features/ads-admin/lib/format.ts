// How the admin's ad pages write money, times, days and rates (the visitor's locale).

const counts = new Intl.NumberFormat();
const dayLabel = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Cents in the order's currency ('$25.00'); the plain amount and code if the code is unknown. */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency: currency.toUpperCase(),
    }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

export function formatCount(value: number): string {
  return counts.format(value);
}

/** Clicks per impression as a percentage with two decimals; a dash with no impressions. */
export function formatRate(clicks: number, impressions: number): string {
  return impressions > 0 ? `${((clicks / impressions) * 100).toFixed(2)}%` : '—';
}

/** An ISO instant in local time; a dash when there is none (an ad not approved yet). */
export function formatDateTime(iso: string): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? dateTime.format(date) : '—';
}

/** A YYYY-MM-DD day, short ('Nov 24'). Days are UTC days, as the server counts them. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayLabel.format(date);
}

export function formatRun(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}
