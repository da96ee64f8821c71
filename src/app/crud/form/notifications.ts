import type { FormMode } from '../../resources/types';

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'City added successfully' / 'City updated successfully'. */
export function savedMessage(singular: string, mode: FormMode): string {
  return `${capitalise(singular)} ${mode === 'create' ? 'added' : 'updated'} successfully`;
}
