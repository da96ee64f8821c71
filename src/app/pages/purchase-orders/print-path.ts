/** The printable purchase order: a page of its own, routed beside the order's (routes/back-office-routes.tsx). */
export const PRINT_PATH = '/purchase-orders/print/:id';

export const printPathOf = (id: string) => PRINT_PATH.replace(':id', encodeURIComponent(id));
