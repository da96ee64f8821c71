import { AUTOCOMPLETE_LIMIT } from '../../../domain/constants';
import { http } from '../../providers';
import { defaultErrorMessage } from '../../resources';
import { normaliseList } from '../../providers/list-response';
import type { SpaResource } from '../../resources/types';
import type { FetchSuggestions } from './use-suggestions';

/** Where a declaration's suggestions come from: its autocomplete endpoint, or its list searched with `q`. */
export function suggestionSource(declaration: SpaResource): FetchSuggestions {
  const search = declaration.list?.search;
  const path = search?.path ?? declaration.api?.path ?? declaration.name;
  const param = search?.param ?? 'q';
  const listKey = search?.listKey ?? (search?.path ? undefined : declaration.api?.listKey);
  return async (text, signal) => {
    const { data } = await http.get<unknown>(`/${path}`, {
      params: { [param]: text, page: 1, limit: AUTOCOMPLETE_LIMIT },
      signal,
      errorMessage: defaultErrorMessage(declaration, 'list'),
    });
    return normaliseList(data, listKey).data;
  };
}
