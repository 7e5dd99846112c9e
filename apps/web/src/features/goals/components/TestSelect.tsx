import { type GoalTest, localized } from '@cool/shared';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { useTextLanguage } from '../../../shared/i18n/contentText.ts';
import { goalQueries } from '../api.ts';

type TestSelectProps = Omit<SelectProps<number | null>, 'options' | 'showSearch'> & {
  /** The goal's current target, so its title shows before any search. */
  known?: GoalTest | null;
};

/** Tests published at least once (they have records to count), searched on the server by title. */
export function TestSelect({ known, ...props }: TestSelectProps) {
  const language = useTextLanguage();
  const [keyword, setKeyword] = useState('');
  const found = useQuery(goalQueries.tests(keyword));
  const tests = new Map([...(known ? [known] : []), ...(found.data ?? [])].map((test) => [test.id, test]));
  return (
    <Select
      {...props}
      allowClear
      loading={found.isFetching}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      onBlur={() => setKeyword('')}
      options={[...tests.values()].map((test) => ({
        value: test.id,
        label: localized(test.title, language),
      }))}
    />
  );
}
