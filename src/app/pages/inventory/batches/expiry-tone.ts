/** How urgent an expiry looks: expired in red, within 3 days in orange (issue 17). */
export const SOON_DAYS = 3;

export function expiryColour(daysToExpiry: number | null): 'red' | 'orange' | undefined {
  if (daysToExpiry === null) return undefined;
  if (daysToExpiry < 0) return 'red';
  return daysToExpiry <= SOON_DAYS ? 'orange' : undefined;
}

export function daysLeftText(daysToExpiry: number | null): string {
  if (daysToExpiry === null) return 'No expiry';
  if (daysToExpiry < 0) return `Expired ${-daysToExpiry} day${daysToExpiry === -1 ? '' : 's'} ago`;
  if (daysToExpiry === 0) return 'Expires today';
  return `${daysToExpiry} day${daysToExpiry === 1 ? '' : 's'} left`;
}
