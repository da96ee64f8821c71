/** How urgent an expiry looks: expired in red, within 3 days in orange (issue 17). */
export const SOON_DAYS = 3;

export function expiryColour(daysToExpiry: number | null): 'red' | 'orange' | undefined {
  if (daysToExpiry === null) return undefined;
  if (daysToExpiry < 0) return 'red';
  return daysToExpiry <= SOON_DAYS ? 'orange' : undefined;
}

const days = (n: number) => `${n.toLocaleString('en-IN')} day${n === 1 ? '' : 's'}`;

/** An expiry relative to today, the same words on every screen: 'Expired 3 days ago', 'Expires today', 'Expires in 3 days'. */
export function expiryText(daysToExpiry: number | null): string {
  if (daysToExpiry === null) return 'No expiry';
  if (daysToExpiry < 0) return `Expired ${days(-daysToExpiry)} ago`;
  if (daysToExpiry === 0) return 'Expires today';
  return `Expires in ${days(daysToExpiry)}`;
}
