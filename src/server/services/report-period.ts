import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { REPORT_TIME_ZONE, addDays, businessDay, daysEndingOn, type Period } from '../../domain/business-days.js';

export { addDays, type Period };

/** SPEC.md section 9: the last 30 days (src/domain/business-days.ts), unless the caller says otherwise. */
export function periodOf(query: { start_date?: string; end_date?: string }, now = new Date()): Period {
  const end = query.end_date ?? (query.start_date && query.start_date > businessDay(now) ? query.start_date : businessDay(now));
  return { start_date: query.start_date ?? daysEndingOn(end).start_date, end_date: end };
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
