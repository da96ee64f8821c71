/** The business day (India, UTC+5:30) of an instant, computed independently of the server's SQL. */
export const dayIST = (d: Date) => new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 10);
/** A YYYY-MM-DD day moved by a number of days. */
export const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
export const today = () => dayIST(new Date());
