// How the app writes numbers, money, rates, dates and times, in the visitor's locale. Days
// (YYYY-MM-DD) are UTC days, as the server counts them.

const numberFormat = new Intl.NumberFormat();
const percentFormat = new Intl.NumberFormat(undefined, {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const dayLabel = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const localTime = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** A whole number with thousands separators ('12,345'); a dash when not a number. */
export function formatNumber(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value)
    ? numberFormat.format(Math.round(value))
    : '—';
}

/** A count as it is, with thousands separators. */
export function formatCount(value: number): string {
  return numberFormat.format(value);
}

/** A share of 0–100 with one decimal ('12.5%'). */
export function formatPercent(value: number): string {
  return `${percentFormat.format(value)}%`;
}

/** Clicks per impression as a percentage with two decimals; a dash with no impressions. */
export function formatRate(clicks: number, impressions: number): string {
  return impressions > 0 ? `${((clicks / impressions) * 100).toFixed(2)}%` : '—';
}

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

/** An ISO instant as a Date, or null when missing or not a time. */
export function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date in the visitor's local format, or 'N/A' if missing. */
export function formatLocalDate(value: string | null | undefined): string {
  const date = toDate(value);
  return date ? date.toLocaleDateString() : 'N/A';
}

/** A time of day in the visitor's local format ('3:07 PM'). */
export function formatLocalTime(value: string | null | undefined): string {
  const date = toDate(value);
  return date ? localTime.format(date) : '';
}

/** An ISO instant in local time; a dash when there is none (an ad not approved yet). */
export function formatDateTime(iso: string): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? dateTime.format(date) : '—';
}

/** A YYYY-MM-DD day, short ('Nov 24'). */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayLabel.format(date);
}

/** "1 day", "7 days". */
export function formatRun(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}
