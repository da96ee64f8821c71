/** The printable purchase order: a page of its own, declared beside the order's part (resources/purchase-orders.tsx). */
export const PRINT_PATH = '/purchase-orders/print/:id';

export const printPathOf = (id: string) => PRINT_PATH.replace(':id', encodeURIComponent(id));
