import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { checkBatch, expiredOn } from '../../../src/app/pages/inventory/stock/batch-validation.js';
import { expiredQuestion } from '../../../src/app/pages/inventory/stock/use-confirm-expired.js';

describe('receiving an expired batch', () => {
  it("counts 'already passed' on India's calendar, whatever the browser's time zone", () => {
    const expiry = dayjs('2026-11-23');
    // 23:30 on the 23rd in India: not yet passed; half an hour later (the 24th in India, still the 23rd in UTC): passed.
    expect(expiredOn(expiry, new Date('2026-11-23T18:00:00Z'))).toBeNull();
    expect(expiredOn(expiry, new Date('2026-11-23T18:30:00Z'))).toBe('2026-11-23');
    expect(expiredOn(null, new Date('2026-11-23T18:30:00Z'))).toBeNull();
  });

  it('a past expiry is a question, not a refusal, whatever the reason', () => {
    expect(checkBatch({ batch_no: 'B-1', expiry_date: dayjs('2020-01-01') })).toBeNull();
    expect(expiredQuestion('2026-11-20')).toBe('This batch expired on 20 Nov 2026. It will be recorded and never sold.');
  });
});
