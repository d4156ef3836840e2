import type { MemberSummary } from '@buglet/contracts';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { Flex, Select } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { personName } from '../lib/person-name.ts';
import { NameAvatar } from './name-avatar.tsx';

interface PeopleSelectProps {
  /** Query key prefix; the search text is appended. */
  queryKey: (search: string) => QueryKey;
  fetch: (search: string) => Promise<{ rows?: MemberSummary[] }>;
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
}

/** A multi-select of people that asks the server as the user types (avatar + name per option). */
export function PeopleSelect({ queryKey, fetch, value, onChange, id }: PeopleSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const query = useQuery({ queryKey: queryKey(search), queryFn: () => fetch(search) });
  // People picked under an earlier search keep their label after the search text changes.
  const seen = useRef(new Map<number, MemberSummary>());
  const rows = query.data?.rows ?? [];
  for (const person of rows) seen.current.set(person.userId, person);
  const picked = (value ?? []).flatMap((userId) => {
    const person = seen.current.get(userId);
    return person && !rows.includes(person) ? [person] : [];
  });
  const options = [...picked, ...rows].map((person) => ({
    value: person.userId,
    title: personName(person),
    label: (
      <Flex gap={8} align="center">
        <NameAvatar name={personName(person)} image={person.avatar} size="small" />
        <span>{personName(person)}</span>
        <span style={{ color: 'var(--ant-color-text-tertiary)' }}>{person.userName}</span>
      </Flex>
    ),
  }));
  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      options={options}
      loading={query.isFetching}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      placeholder={t('member.search-people')}
      notFoundContent={t('no-data')}
    />
  );
}
