import { REPORT_DEFAULT_DAYS } from './constants.js';

/** The business day of every report: the company works in India. */
export const REPORT_TIME_ZONE = 'Asia/Kolkata';

/** An inclusive range of business days, YYYY-MM-DD. */
export type Period = { start_date: string; end_date: string };

/** A calendar day in the business time zone, YYYY-MM-DD. */
export function businessDay(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: REPORT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The `days` business days that end on `end_date`, both ends included. */
export function daysEndingOn(end_date: string, days = REPORT_DEFAULT_DAYS): Period {
  return { start_date: addDays(end_date, -(days - 1)), end_date };
}

/**
 * "The last 30 days" wherever the app says it (the dashboard's stock chart, the inventory report's default
 * period): 30 business days in India time, today included.
 */
export function lastBusinessDays(days = REPORT_DEFAULT_DAYS, now = new Date()): Period {
  return daysEndingOn(businessDay(now), days);
}
