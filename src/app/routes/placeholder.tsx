import { lazy } from 'react';

/** A lazy page for a screen whose issue has not landed yet: swap it for the real page in back-office-routes.tsx. */
export function placeholder(title: string) {
  return lazy(async () => {
    const { PlaceholderPage } = await import('../pages/PlaceholderPage');
    return { default: () => <PlaceholderPage title={title} /> };
  });
}
