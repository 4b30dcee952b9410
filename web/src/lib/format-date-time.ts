// No locale given: members read dates in their browser's own conventions.
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** SPEC's full local date-time: "Nov 21, 2026, 3:04 PM" in English. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}
