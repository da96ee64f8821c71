import type { Locator, Page, Request } from 'playwright-core';
import { expect } from 'vitest';

/** Helpers for what a form does with input it must refuse. */

/** The requests of the page that `match` picks, as they are sent. */
export function requestsMatching(page: Page, match: (request: Request) => boolean): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (match(request)) sent.push(request);
  });
  return sent;
}

/** The validation message of the form item that holds `input`. */
export const messageOf = (page: Page, input: Locator) => page.locator('.ant-form-item', { has: input }).last().locator('.ant-form-item-explain-error');

/**
 * Types `typed` into a number field and leaves it: the field still shows exactly what was typed (nothing
 * rounded, clamped or replaced) and the form item says `message`.
 */
export async function typeRefusedNumber(page: Page, input: Locator, typed: string, message: string): Promise<void> {
  await input.fill(typed);
  await input.blur();
  await expect(input.inputValue()).resolves.toBe(typed);
  await messageOf(page, input).getByText(message, { exact: true }).waitFor();
  await expect(input.inputValue()).resolves.toBe(typed);
}

/** After a submit attempt: the field still shows what was typed, and its message. */
export async function expectStillRefused(page: Page, input: Locator, typed: string, message: string): Promise<void> {
  await messageOf(page, input).getByText(message, { exact: true }).waitFor();
  await expect(input.inputValue()).resolves.toBe(typed);
}

/** Types an accepted number and leaves it: kept as typed, and no message. */
export async function typeAcceptedNumber(page: Page, input: Locator, typed: string): Promise<void> {
  await input.fill(typed);
  await input.blur();
  await expect(input.inputValue()).resolves.toBe(typed);
  await expect.poll(() => messageOf(page, input).count()).toBe(0);
}
