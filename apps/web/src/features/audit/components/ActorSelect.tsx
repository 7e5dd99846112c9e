import { Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { useAuditActors } from '../api.ts';

/** A staff account by name (and username where they differ), searched on the server as the user types. */
export function ActorSelect(props: Omit<SelectProps<number>, 'options' | 'showSearch'>) {
  const [keyword, setKeyword] = useState('');
  const found = useAuditActors(keyword);
  return (
    <Select
      {...props}
      allowClear
      loading={found.isFetching}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      onBlur={() => setKeyword('')}
      options={(found.data ?? []).map((person) => ({
        value: person.id,
        label: person.name === person.username ? person.name : `${person.name} (${person.username})`,
      }))}
    />
  );
}
