import { describe, expect, it } from 'vitest';
import { readableNotification } from '../../../src/app/crud/form/notifications.js';

/** Issue 28: a notification shows the server's words once, never Refine's '(status code: 409)'. */
describe('error notifications as a person reads them', () => {
  it("drop Refine's status-code titles and keep the server's words alone", () => {
    for (const title of ['Error (status code: 409)', 'There was an error creating city (status code: 409', 'Error when updating city (status code: 500)']) {
      const shown = readableNotification({ type: 'error', message: title, description: 'A city with this name already exists', key: 'x-notification' });
      expect(shown).toMatchObject({ type: 'error', message: 'A city with this name already exists', description: undefined });
      expect(JSON.stringify(shown)).not.toMatch(/status code/);
    }
    expect(readableNotification({ type: 'error', message: 'Error (status code: 500)' }).message).toBe('Something went wrong. Please try again.');
  });

  it('say a sentence once, and give the same problem the same key (antd shows it once)', () => {
    const once = readableNotification({ type: 'error', message: 'Failed to delete product', description: 'Failed to delete product' });
    expect(once).toMatchObject({ message: 'Failed to delete product', description: undefined });
    const a = readableNotification({ type: 'error', message: 'Error (status code: 409)', description: 'In use', key: 'list' });
    const b = readableNotification({ type: 'error', message: 'Error (status code: 409)', description: 'In use', key: 'one' });
    expect(a.key).toBe(b.key);
  });

  it('leave success notices and own error notices with details as they are', () => {
    const success = { type: 'success' as const, message: 'City added successfully' };
    expect(readableNotification(success)).toBe(success);
    expect(
      readableNotification({ type: 'error', message: 'Failed to write off expired stock', description: 'Network error. Please check your connection.' }),
    ).toMatchObject({ message: 'Failed to write off expired stock', description: 'Network error. Please check your connection.' });
  });
});

describe('errors that are not answers of the API', () => {
  it("read as the operation's default or as plain words, never as the defect's own text", async () => {
    const { toApiError } = await import('../../../src/app/providers/api-error.js');
    expect(toApiError(new TypeError("Cannot read properties of undefined (reading 'map')"), 'Failed to fetch cities').message).toBe('Failed to fetch cities');
    expect(toApiError(new TypeError("Cannot read properties of undefined (reading 'map')")).message).toBe('Something went wrong. Please try again.');
  });
});
