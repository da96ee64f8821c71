import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * True while the browser prints: paged tables then show every row. The update is flushed synchronously because
 * the browser lays the page out for printing right after `beforeprint`.
 */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return printing;
}

/** A table's paging on screen; every row on paper. */
export const pagedOnScreen = (printing: boolean, pageSize: number) =>
  printing ? (false as const) : { pageSize, hideOnSinglePage: true, showSizeChanger: false };
