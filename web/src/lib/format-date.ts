import { useSyncExternalStore } from 'react';
import { WEB_TEXT } from './texts.ts';
import { dateTimeFormat, relativeTimeFormat } from './intl.ts';

const monthDay = () => dateTimeFormat({ month: 'short', day: 'numeric' });
const monthYear = () => dateTimeFormat({ month: 'long', year: 'numeric' });
const monthDayYear = () => dateTimeFormat({ month: 'short', day: 'numeric', year: 'numeric' });
const dateAndTime = () => dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' });
const relative = () => relativeTimeFormat({ numeric: 'auto' });

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** "Nov 21" in English. */
export function formatMonthDay(iso: string): string {
  return monthDay().format(new Date(iso));
}

/** "Nov 21, 2026" in English. */
export function formatMonthDayYear(iso: string): string {
  return monthDayYear().format(new Date(iso));
}

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago"; from a week back, the date and time. */
export function formatTimeAgo(iso: string, now: number): string {
  const then = new Date(iso).getTime();
  const elapsed = Math.max(0, now - then);
  if (elapsed < MINUTE_MS) return WEB_TEXT.common.justNow;
  if (elapsed < HOUR_MS) return relative().format(-Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return relative().format(-Math.floor(elapsed / HOUR_MS), 'hour');
  if (elapsed < 7 * DAY_MS) return relative().format(-Math.max(1, Math.round(elapsed / DAY_MS)), 'day');
  return dateAndTime().format(then);
}

// One clock for every relative time on screen, ticking once a minute while any is shown.
const clockListeners = new Set<() => void>();
let clockNow = Date.now();
let clockTimer: ReturnType<typeof setInterval> | undefined;

function subscribeToClock(onTick: () => void): () => void {
  clockListeners.add(onTick);
  if (!clockTimer) {
    clockNow = Date.now();
    clockTimer = setInterval(() => {
      clockNow = Date.now();
      for (const listener of clockListeners) listener();
    }, MINUTE_MS);
  }
  return () => {
    clockListeners.delete(onTick);
    if (clockListeners.size === 0) {
      clearInterval(clockTimer);
      clockTimer = undefined;
    }
  };
}

/** The time now, to the minute, so "5 minutes ago" stays true while a page stays open. */
export function useMinuteClock(): number {
  return useSyncExternalStore(subscribeToClock, () => clockNow);
}

/** "March 2026" in English. */
export function formatMonthYear(iso: string): string {
  return monthYear().format(new Date(iso));
}
