import { useMemo } from 'react';
import { textOf } from '../../../domain/i18n/translations';
import { useT } from '../../i18n/use-t';
import { resourceLabel } from './labels';

/** A text of the language files in the screen's language (useT's `t`). */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

/**
 * How the permissions screen words a permission: `t` for its sentences, and a resource and an action as a person reads
 * them. In English the resource and action are the policy's own keys ('products list'), as the audit trail has always
 * written them; in another language the resource's label and the action in words.
 */
export type PermissionNames = {
  t: Translate;
  /** An English text of ours handed over (a role's default label) in the user's language. */
  tx: (text: string) => string;
  resource: (resource: string) => string;
  action: (action: string) => string;
  /** One box: 'products list' in English; the resource's label, a dash and the action in words elsewhere. */
  permission: (resource: string, action: string) => string;
};

/** An action in words; English keeps the policy's key ('write-off'). An action nobody named here is shown as it is. */
export function actionName(action: string, t: Translate): string {
  const names: Record<string, string> = {
    list: t('permissions.actions.list'),
    show: t('permissions.actions.show'),
    create: t('permissions.actions.create'),
    edit: t('permissions.actions.edit'),
    delete: t('permissions.actions.delete'),
    add: t('permissions.actions.add'),
    adjust: t('permissions.actions.adjust'),
    remove: t('permissions.actions.remove'),
    'write-off': t('permissions.actions.writeOff'),
    revalue: t('permissions.actions.revalue'),
    'update-all': t('permissions.actions.updateAll'),
    order: t('permissions.actions.order'),
    receive: t('permissions.actions.receive'),
    return: t('permissions.actions.return'),
    close: t('permissions.actions.close'),
    cancel: t('permissions.actions.cancel'),
    count: t('permissions.actions.count'),
    apply: t('permissions.actions.apply'),
    see: t('permissions.actions.see'),
    dispatch: t('permissions.actions.dispatch'),
    download: t('permissions.actions.download'),
  };
  return names[action] ?? action;
}

/** The English words, for a caller without the screen's language (the audit summary's tests, the API's English). */
export const ENGLISH_NAMES: PermissionNames = {
  t: (key, params) => textOf(key, 'en', params) ?? key,
  tx: (text) => text,
  resource: (resource) => resource,
  action: (action) => action,
  permission: (resource, action) => `${resource} ${action}`,
};

/** The permission words in the user's language. */
export function usePermissionNames(): PermissionNames {
  const { t, tx, language } = useT();
  return useMemo(() => {
    if (language === 'en') return { ...ENGLISH_NAMES, t, tx };
    const resource = (name: string) => tx(resourceLabel(name).label);
    const action = (name: string) => actionName(name, t);
    return { t, tx, resource, action, permission: (r: string, a: string) => t('permissions.cell.permission', { resource: resource(r), action: action(a) }) };
  }, [t, tx, language]);
}
