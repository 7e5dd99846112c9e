import { localized, TITLE_MAX } from '@cool/shared';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { testQueries } from '../api/tests.ts';
import { useTextLanguage } from '../i18n/contentText.ts';

/** Matches shown per search: the picker offers what was typed for, never a whole catalogue. */
export const TEST_PICKER_SIZE = 20;

type TestPickerProps = Omit<SelectProps<number>, 'options' | 'showSearch' | 'loading' | 'filterOption'>;

/**
 * A list filter's test, searched on the server by its title in either language, so any test can be found
 * however many there are (a first page of 100 left the rest out without a word). The chosen test keeps its
 * title when it is not among the matches, e.g. when it comes from the URL.
 */
export function TestPicker({ value, onBlur, ...props }: TestPickerProps) {
  const language = useTextLanguage();
  const [keyword, setKeyword] = useState('');
  const title = keyword.trim().slice(0, TITLE_MAX) || undefined;
  const found = useQuery({
    ...testQueries.list({ pageNo: 1, pageSize: TEST_PICKER_SIZE, title }),
    staleTime: 60_000,
  });
  const matches = found.data?.data ?? [];
  const chosenMissing = value != null && found.isSuccess && !matches.some((test) => test.id === value);
  const chosen = useQuery({ ...testQueries.detail(value ?? 0), enabled: chosenMissing, staleTime: 60_000 });
  const tests = chosenMissing && chosen.data ? [chosen.data, ...matches] : matches;
  return (
    <Select
      {...props}
      value={value}
      allowClear
      loading={found.isFetching}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      onBlur={(event) => {
        setKeyword('');
        onBlur?.(event);
      }}
      options={tests.map((test) => ({ value: test.id, label: localized(test.title, language) }))}
    />
  );
}
