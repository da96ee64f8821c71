/** `?to=` after sign-in: only a path of this app (no `//host`, no scheme), and never back to /login. */
export function safeRedirect(to: unknown): string | undefined {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return undefined;
  if (to === '/login' || to.startsWith('/login?')) return undefined;
  return to;
}
