// @vitest-environment jsdom
// The screens' texts come from the language files (English here).
import '../../../src/app/i18n/i18n.js';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePhoneLayout } from '../../../src/app/layout/use-phone-layout';
import { fakeScreenWidth } from './screen-width';

afterEach(cleanup);

/** Every answer the hook gives, render by render. */
function answers(width: number): boolean[] {
  fakeScreenWidth(width);
  const seen: boolean[] = [];
  function Probe() {
    seen.push(usePhoneLayout());
    return null;
  }
  render(<Probe />);
  return seen;
}

describe('the phone layout (sidebar in a drawer)', () => {
  // Assuming a desktop until antd measured built the whole sidebar menu (~600 components) on every phone, then
  // threw it away for the drawer: the first render must already know.
  it('is known from the first render on a phone, never a desktop render first', () => {
    const seen = answers(390);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toEqual(seen.map(() => true));
  });

  it('is not used on a desktop', () => {
    const seen = answers(1440);
    expect(seen).toEqual(seen.map(() => false));
  });
});
