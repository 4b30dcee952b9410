// No locale given: members read dates in their browser's own conventions.
const monthDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const monthYear = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });
const monthDayYear = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

/** "Nov 21" in English. */
export function formatMonthDay(iso: string): string {
  return monthDay.format(new Date(iso));
}

/** "Nov 21, 2026" in English. */
export function formatMonthDayYear(iso: string): string {
  return monthDayYear.format(new Date(iso));
}

/** "March 2026" in English. */
export function formatMonthYear(iso: string): string {
  return monthYear.format(new Date(iso));
}
