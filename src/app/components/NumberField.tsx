import { Input, type InputProps } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { numberText, parseNumberText, stepNumberText, type NumberFieldValue } from './number-text';

type Props = Omit<InputProps, 'value' | 'onChange' | 'type' | 'step'> & {
  value?: unknown;
  onChange?: (value: NumberFieldValue) => void;
  /** What the arrow keys add or take away. */
  step?: number;
  /** Whole numbers only: the phone shows a digits keyboard. */
  integer?: boolean;
};

/**
 * The one input for a typed number in the whole app. It never changes what was typed: no rounding to a
 * precision, no clamping to a minimum on blur (antd's InputNumber does both, and once turned a typed 0 into 1).
 * The form receives a number, nothing, or the unreadable text; the field's rules then say what is wrong.
 */
export function NumberField({ value, onChange, step = 1, integer = false, onKeyDown, ...rest }: Props) {
  const [text, setText] = useState(() => numberText(value));
  const [shown, setShown] = useState<unknown>(value);
  // A new value from outside (a reset, a prefilled price) replaces the text, unless the text already means it ('2.50' for 2.5).
  if (!Object.is(value, shown)) {
    setShown(value);
    if (!Object.is(parseNumberText(text), value)) setText(numberText(value));
  }

  const type = (next: string) => {
    setText(next);
    onChange?.(parseNumberText(next));
  };

  const arrows = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || rest.readOnly || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    const next = stepNumberText(text, step, event.key === 'ArrowUp' ? 1 : -1);
    if (next === null) return;
    event.preventDefault();
    type(next);
  };

  return (
    <Input
      {...rest}
      type="text"
      inputMode={integer ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={text}
      onChange={(event) => type(event.target.value)}
      onKeyDown={arrows}
    />
  );
}
