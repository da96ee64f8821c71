import { retryableLazy } from './retryable-lazy';

/** The signed-in screens' frame (header, menu), in a chunk of its own: /login and the public pages do not download it. */
export const BackOfficeLayout = retryableLazy(() => import('../layout/BackOfficeLayout'));
