import { useForm, type UseFormProps, type UseFormReturnType } from '@refinedev/antd';
import { useGetIdentity, type BaseRecord, type HttpError, type LiveEvent } from '@refinedev/core';
import { replaceEqualDeep } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { changedMessage, conflictOf, othersChanges, versionOf, type EditNotice } from './edit-conflict';

export type EditConflict = {
  notice: EditNotice | null;
  dismiss(): void;
  /** Their record in the form, what was typed discarded (the alert asks first). */
  loadTheirs(): Promise<void>;
  /** The user's values saved again over the version the 409 named (the alert asks first). */
  overwrite(): void;
  /** What the user has in the form now. */
  typed(): Record<string, unknown>;
};

/**
 * Refine's antd useForm for a form that edits a record others may edit too. It never replaces what the user typed:
 * - someone else's save arrives as a live event (liveMode 'manual'): a notice, the form untouched;
 * - a refetch for any other reason (another screen's live update, the fallback refresh) keeps the record the form loaded
 *   while the user has typed (react-query's structuralSharing keeps the old data, so useForm does not reset the fields);
 * - a save carries the loaded version (If-Match): a 409 becomes a notice with the record as it is now.
 */
export function useLiveEditForm<TRecord extends BaseRecord = BaseRecord, TVariables extends object = TRecord>(
  props: UseFormProps<TRecord, HttpError, TVariables>,
): UseFormReturnType<TRecord, HttpError, TVariables> & { conflict: EditConflict } {
  const editing = props.action === 'edit';
  const me = useRef<string | undefined>(undefined);
  me.current = useGetIdentity<{ id: string }>().data?.id;
  const [notice, setNotice] = useState<EditNotice | null>(null);
  const [version, setVersion] = useState<number | string | undefined>(undefined);
  const [resends, setResends] = useState(0);
  const acceptNext = useRef(false);
  const typedAnything = useRef<() => boolean>(() => false);

  // Refine subscribes once, with the first callback it is given: it reads the user through a ref.
  const onLiveEvent = useCallback((event: LiveEvent) => {
    const theirs = othersChanges(event, me.current);
    if (!theirs.length) return;
    setNotice((shown) => (shown?.kind === 'conflict' ? shown : { kind: 'changed', message: changedMessage(theirs.at(-1)?.user_name) }));
  }, []);

  const keepWhileTyping = useCallback((old: unknown, next: unknown) => {
    const accept = acceptNext.current || old === undefined || !typedAnything.current();
    acceptNext.current = false;
    return accept ? replaceEqualDeep(old, next) : old;
  }, []);

  const result = useForm<TRecord, HttpError, TVariables>({
    ...props,
    ...(editing && { liveMode: 'manual' as const, onLiveEvent }),
    queryOptions: { ...props.queryOptions, ...(editing && { structuralSharing: keepWhileTyping }) },
    mutationMeta: { ...props.mutationMeta, ...(editing && { version }) },
    onMutationSuccess: (...args) => {
      setVersion(versionOf(args[0].data));
      setNotice(null);
      props.onMutationSuccess?.(...args);
    },
    onMutationError: (...args) => {
      const current = conflictOf(args[0]);
      if (editing && current) setNotice({ kind: 'conflict', message: args[0].message, current });
      else props.onMutationError?.(...args);
    },
  });
  const { form, query } = result;
  typedAnything.current = () => form.isFieldsTouched();

  const record = query?.data?.data;
  useEffect(() => setVersion(versionOf(record)), [record]);

  // An overwrite submits again once the new version is in the mutation's meta (the next render).
  useEffect(() => {
    if (resends) form.submit();
  }, [resends, form]);

  const conflict: EditConflict = {
    notice,
    dismiss: () => setNotice(null),
    async loadTheirs() {
      setNotice(null);
      acceptNext.current = true;
      await query?.refetch();
      form.resetFields();
    },
    overwrite() {
      if (notice?.kind !== 'conflict') return;
      setVersion(versionOf(notice.current));
      setNotice(null);
      setResends((n) => n + 1);
    },
    typed: () => form.getFieldsValue(true) as Record<string, unknown>,
  };
  return { ...result, conflict };
}
