import { z } from 'zod';

/**
 * One rule for every calendar day the API takes (report periods, as-of days, batch and manufacturing dates, a
 * declared `date` field): YYYY-MM-DD, a day the calendar has, within the range the business can mean.
 */
export const EARLIEST_DAY = '2000-01-01';
export const LATEST_DAY = '2100-12-31';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const isCalendarDay = (v: string): boolean => {
  if (!DAY.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
export const inDayRange = (v: string): boolean => v >= EARLIEST_DAY && v <= LATEST_DAY;

/** The message of a day outside the range, naming the field as its other messages do. */
export const outOfRange = (label: string) => `${label} must be between ${EARLIEST_DAY} and ${LATEST_DAY}`;
export const notADay = (label: string) => `${label} must be a date (YYYY-MM-DD)`;

/** A calendar day as text (a date of the calendar, in range), trimmed. */
export const calendarDay = (label: string) =>
  z
    .string({ error: notADay(label) })
    .trim()
    .refine(isCalendarDay, notADay(label))
    .refine((v) => !isCalendarDay(v) || inDayRange(v), outOfRange(label));
