/** Paths whose first load needs no back-office code (PublicApp); every other path loads the back-office (App). */
export const PUBLIC_PATHS: readonly string[] = ['/', '/coming-soon', '/terms', '/privacy', '/login', '/forgot-password'];

export const isPublicPath = (pathname: string) => PUBLIC_PATHS.includes(pathname.replace(/(.)\/+$/, '$1'));
