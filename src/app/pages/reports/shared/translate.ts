import type { useT } from '../../../i18n/use-t';

/** A component's `t` (useT), for the helpers that build a report's columns and texts outside a component. */
export type Translate = ReturnType<typeof useT>['t'];
