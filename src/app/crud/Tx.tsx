import { useT } from '../i18n/use-t';

/**
 * An English text of ours handed to a screen (a declaration's label, a choice's tag, a rule's message) in the user's
 * language, as a component of its own: a cell or a title rendered by a plain function follows a change of language too.
 */
export function Tx({ text }: { text: string }) {
  const { tx } = useT();
  return <>{tx(text)}</>;
}
