import { useCustomMutation, type HttpError } from '@refinedev/core';
import { useRef } from 'react';
import { textOf, translateText } from '../../../../domain/i18n/translations';
import type { DisplayLanguage } from '../../../../domain/i18n/languages';
import type { InventoryRecord, StockMovement } from '../shared/types';
import { useIdempotencyKey } from './idempotency-key';

export type StockUpdateResponse = { message: string; inventory: InventoryRecord; movement: StockMovement | null };

const VALIDATION_PREFIX = 'Validation error:';

/**
 * SPEC.md section 8: a 400 on a stock change reads 'Validation error:' followed by the server's message, in the user's
 * language (the server's message comes in it already, its own prefix too when it wrote one).
 */
export function stockErrorMessage(error: HttpError, language: DisplayLanguage = 'en'): string {
  const translatedPrefix = textOf('stock.validationError', language, { label: '' })?.trim() ?? VALIDATION_PREFIX;
  if (error.statusCode !== 400 || error.message.startsWith(translatedPrefix)) return translateText(error.message, language);
  return translateText(error.message.startsWith(VALIDATION_PREFIX) ? error.message : `${VALIDATION_PREFIX} ${error.message}`, language);
}

/**
 * POST to a stock endpoint with an Idempotency-Key. `exclusive` runs one submission at a time: a second click
 * while the first is on its way does nothing (the button is disabled too, but a double click can beat a
 * re-render), and should one slip through anyway, its identical payload carries the same key.
 */
export function useStockSubmit(url: '/inventory/add-stock' | '/inventory/adjust-stock', errorMessage: string) {
  const { mutateAsync, mutation } = useCustomMutation<StockUpdateResponse>();
  const keys = useIdempotencyKey();
  const inFlight = useRef(false);

  async function submit(payload: Record<string, unknown>): Promise<StockUpdateResponse> {
    const { data } = await mutateAsync({
      url,
      method: 'post',
      values: payload,
      config: { headers: { 'Idempotency-Key': keys.keyFor(payload) } },
      successNotification: false,
      errorNotification: false,
      meta: { errorMessage },
    });
    return data;
  }

  async function exclusive(run: () => Promise<void>): Promise<void> {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await run();
    } finally {
      inFlight.current = false;
    }
  }

  return { submit, exclusive, isSaving: mutation.isPending };
}
