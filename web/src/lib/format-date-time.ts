import { dateTimeFormat } from './intl.ts';

/** SPEC's full local date-time: "Nov 21, 2026, 3:04 PM" in English. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
