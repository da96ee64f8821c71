import { useCallback, useEffect, useRef, useState } from 'react';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '../../../domain/constants';
import type { ApiRecord } from '../../resources/types';

/** Said when a suggestion request fails without a message (English: the box says it in the user's language). */
const SEARCH_FAILED = 'Search failed';

export type FetchSuggestions = (text: string, signal: AbortSignal) => Promise<ApiRecord[]>;

export type SuggestionState = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'done'; items: ApiRecord[] };

/**
 * Suggestions for the text being typed: asked 300 ms after the last keystroke, and a request still running
 * when the text changes again is aborted, so an older answer can never replace a newer one.
 */
export function useSuggestions(fetchSuggestions: FetchSuggestions): [SuggestionState, (text: string) => void, () => void] {
  const [state, setState] = useState<SuggestionState>({ status: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef<AbortController | null>(null);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    running.current?.abort();
    running.current = null;
  }, []);

  const ask = useCallback(
    (text: string) => {
      cancel();
      const query = text.trim();
      if (!query) {
        setState({ status: 'idle' });
        return;
      }
      setState({ status: 'loading' });
      timer.current = setTimeout(() => {
        const controller = new AbortController();
        running.current = controller;
        fetchSuggestions(query, controller.signal).then(
          (items) => {
            if (!controller.signal.aborted) setState({ status: 'done', items });
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            setState({ status: 'error', message: error instanceof Error ? error.message : SEARCH_FAILED });
          },
        );
      }, AUTOCOMPLETE_DEBOUNCE_MS);
    },
    [cancel, fetchSuggestions],
  );

  const reset = useCallback(() => {
    cancel();
    setState({ status: 'idle' });
  }, [cancel]);

  useEffect(() => cancel, [cancel]);
  return [state, ask, reset];
}
