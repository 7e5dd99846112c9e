import type { GoalPerson } from '@cool/shared';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { goalQueries } from '../api.ts';

type PersonSelectProps = Omit<SelectProps<number | number[]>, 'options' | 'showSearch'> & {
  /** People already chosen, so their names show before any search (a goal's critics). */
  known?: GoalPerson[];
};

export const personLabel = (person: GoalPerson) =>
  person.name === person.username ? person.name : `${person.name} (${person.username})`;

/** Enabled staff accounts, searched on the server by name or username as the user types. */
export function PersonSelect({ known = [], ...props }: PersonSelectProps) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery(goalQueries.staff(keyword));
  const people = new Map([...known, ...(found.data ?? [])].map((person) => [person.id, person]));
  return (
    <Select
      {...props}
      loading={found.isFetching}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      onBlur={() => setKeyword('')}
      options={[...people.values()].map((person) => ({ value: person.id, label: personLabel(person) }))}
    />
  );
}
