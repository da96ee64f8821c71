import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { REPORT_DEFAULT_DAYS } from '../../domain/constants.js';
import { REPORT_TIME_ZONE, businessDay } from '../../domain/schemas/inventory.js';

/** An inclusive range of business days, YYYY-MM-DD. */
export type Period = { start_date: string; end_date: string };

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** SPEC.md section 9: from 30 days ago to today, unless the caller says otherwise. */
export function periodOf(query: { start_date?: string; end_date?: string }, now = new Date()): Period {
  const end = query.end_date ?? (query.start_date && query.start_date > businessDay(now) ? query.start_date : businessDay(now));
  const start = query.start_date ?? addDays(end, -REPORT_DEFAULT_DAYS);
  return { start_date: start, end_date: end };
}

/** A constant, inlined so GROUP BY sees the same expression as SELECT. */
const zone = sql.raw(`'${REPORT_TIME_ZONE}'`);

/** The first instant of a business day. */
export const dayStart = (day: string): SQL => sql`((${day}::date)::timestamp at time zone ${zone})`;

/** `created` falls within the period's business days (start inclusive, the day after the end exclusive). */
export const withinPeriod = (column: AnyColumn, period: Period): SQL =>
  sql`${column} >= ${dayStart(period.start_date)} and ${column} < ${dayStart(addDays(period.end_date, 1))}`;

/** The business day of a timestamp, as text (drivers turn a `date` into a local-midnight Date). */
export const dayOf = (column: AnyColumn): SQL<string> => sql<string>`to_char(${column} at time zone ${zone}, 'YYYY-MM-DD')`;
