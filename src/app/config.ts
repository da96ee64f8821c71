/** Build-time settings of the SPA (Vite `VITE_*` variables). */
export const API_URL = (import.meta.env.VITE_API_URL || '/api').replace(/\/+$/, '');
export const SUPPORT_EMAIL = import.meta.env.VITE_SUPPORT_EMAIL || 'support@example.com';
export const APP_NAME = 'Grocery Back-office';
export const HOME_ROUTE = '/admin-dashboard';
export const LOGIN_ROUTE = '/login';
