/** Build-time settings of the SPA (Vite `VITE_*` variables). */
export const API_URL = (import.meta.env.VITE_API_URL || '/api').replace(/\/+$/, '');
export const SUPPORT_EMAIL = import.meta.env.VITE_SUPPORT_EMAIL || 'support@example.com';
export const APP_NAME = 'Grocery Back-office';
/** The buyer named on a printed purchase order. */
export const BUSINESS_NAME = import.meta.env.VITE_BUSINESS_NAME || 'Grocery Delivery';
export const HOME_ROUTE = '/admin-dashboard';
export const LOGIN_ROUTE = '/login';
