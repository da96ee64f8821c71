import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import type { ApiRecord } from '../../resources/types';
import { useSuggestions, type FetchSuggestions } from './use-suggestions';

/** `placeholder` and `emptyText` in the user's language. */
type Props = {
  placeholder: string;
  /** The text the list is showing (the applied search, or the chosen record's name). */
  appliedText: string;
  fetchSuggestions: FetchSuggestions;
  label: (record: ApiRecord) => string;
  renderOption?: (record: ApiRecord) => ReactNode;
  /** 'No products found' when nothing matches. */
  emptyText: string;
  /** Enter: the list is filtered by the text. */
  onSearch: (text: string) => void;
  /** A suggestion was chosen: the list shows that record alone. */
  onSelect: (record: ApiRecord) => void;
  onClear: () => void;
};

const notice = (key: string, text: ReactNode) => ({ value: key, disabled: true, label: text });

/** A search box that suggests records as you type (SPEC.md section 2), with its own loading, error and empty text. */
export function SearchWithSuggestions({ placeholder, appliedText, fetchSuggestions, label, renderOption, emptyText, onSearch, onSelect, onClear }: Props) {
  const { t, tx } = useT();
  const [text, setText] = useState(appliedText);
  const [state, ask, reset] = useSuggestions(fetchSuggestions);
  // Enter on a highlighted suggestion also reaches the input: that Enter chose a record, it is not a search.
  const justSelected = useRef(false);

  useEffect(() => setText(appliedText), [appliedText]);

  const options = useMemo(() => {
    switch (state.status) {
      case 'idle':
        return [];
      case 'loading':
        return [notice('__loading', <Typography.Text type="secondary">{t('crud.search.searching')}</Typography.Text>)];
      case 'error':
        return [notice('__error', <Typography.Text type="danger">{tx(state.message)}</Typography.Text>)];
      case 'done':
        if (!state.items.length) return [notice('__empty', <Typography.Text type="secondary">{emptyText}</Typography.Text>)];
        return state.items.map((record) => ({
          value: String(record.id ?? record._id),
          label: renderOption ? renderOption(record) : label(record),
        }));
    }
  }, [state, emptyText, label, renderOption, t, tx]);

  const choose = (value: string) => {
    if (state.status !== 'done') return;
    const record = state.items.find((r) => String(r.id ?? r._id) === value);
    if (!record) return;
    justSelected.current = true;
    setTimeout(() => (justSelected.current = false), 0);
    setText(label(record));
    reset();
    onSelect(record);
  };

  const type = (value: string) => {
    setText(value);
    ask(value);
    if (!value) onClear();
  };

  const submit = () => {
    // Runs after a suggestion's own Enter handling, so that choice wins.
    setTimeout(() => {
      if (justSelected.current) return;
      reset();
      onSearch(text.trim());
    }, 0);
  };

  return (
    <AutoComplete
      value={text}
      options={options}
      onSearch={type}
      onSelect={choose}
      onChange={(value: string) => {
        // Choosing an option also reports its value (the id): the name is shown instead.
        if (!value) type('');
      }}
      defaultActiveFirstOption={false}
      style={{ width: '100%', maxWidth: 420 }}
      popupMatchSelectWidth
    >
      <Input
        // Not the select's default type="search": Chromium empties a search box on Escape, which should only close the suggestions.
        type="text"
        allowClear
        prefix={<SearchOutlined />}
        placeholder={placeholder}
        aria-label={placeholder}
        onPressEnter={submit}
      />
    </AutoComplete>
  );
}
