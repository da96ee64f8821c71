import { describe, expect, it } from 'vitest';
import { messageForBox } from '../../../src/app/crud/form/server-errors.js';

/** Issue 28: a refused save says each problem once: under its field, or in the form's box, not both. */
describe("a refused save's message for the form's box", () => {
  const fields = ['name', 'city_id', 'wards'];

  it('leaves out what useForm shows under the fields', () => {
    expect(messageForBox({ message: 'City not found', errors: { city_id: 'City not found' } }, fields)).toBeNull();
    expect(messageForBox({ message: 'name: Too long; City not found', errors: { name: 'Too long', city_id: 'City not found' } }, fields)).toBeNull();
  });

  it('keeps what no field shows: a message without field errors, an unknown or nested field, each once', () => {
    expect(messageForBox({ message: 'A city with this name already exists' }, fields)).toBe('A city with this name already exists');
    expect(messageForBox({ message: 'x', errors: { 'wards.0': 'Ward is required', 'wards.1': 'Ward is required', name: 'Too long' } }, fields)).toBe(
      'Ward is required',
    );
    expect(messageForBox({ message: 'x', errors: { warehouse_ids: ['Warehouse not found'] } }, fields)).toBe('Warehouse not found');
  });
});
