import type { Member } from '@buglet/contracts';
import { Flex, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { NameAvatar } from '../../components/name-avatar.tsx';
import { personName } from '../../lib/person-name.ts';

interface MemberSelectProps {
  members: Member[];
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
  /** One person only (the reviewer of a repair); the value stays an array, as the API takes one. */
  isSingle?: boolean;
  placeholder?: string;
  style?: React.CSSProperties;
  /** People to mark with `markLabel` beside their name (the testers among reviewers). */
  markedIds?: ReadonlySet<number>;
  markLabel?: string;
}

/** Picks project members by avatar and name; searching matches nick name or account. */
export function MemberSelect({
  members,
  value,
  onChange,
  id,
  isSingle,
  placeholder,
  style,
  markedIds,
  markLabel,
}: MemberSelectProps) {
  const { t } = useTranslation();
  const options = members.map((m) => ({
    value: m.userId,
    search: `${personName(m)} ${m.nickName} ${m.userName}`,
    label: (
      <Flex gap={6} align="center">
        <NameAvatar name={personName(m)} image={m.avatar} size={20} />
        <span>{personName(m)}</span>
        {markLabel && markedIds?.has(m.userId) ? (
          <Tag color="blue" variant="filled">
            {markLabel}
          </Tag>
        ) : null}
      </Flex>
    ),
  }));
  const common = {
    id,
    options,
    allowClear: true,
    style: { minWidth: 200, ...style },
    placeholder: placeholder ?? t('defect.handler-placeholder'),
    // Outside a form (the list's filter) the placeholder names it too.
    'aria-label': id ? undefined : (placeholder ?? t('defect.handler-placeholder')),
    showSearch: {
      filterOption: (input: string, option?: { search: string }) =>
        (option?.search ?? '').toLowerCase().includes(input.toLowerCase()),
    },
  };
  if (isSingle) {
    return (
      <Select<number, (typeof options)[number]>
        {...common}
        value={value?.[0]}
        onChange={(next) => onChange?.(next === undefined ? [] : [next])}
      />
    );
  }
  return (
    <Select<number[], (typeof options)[number]>
      {...common}
      mode="multiple"
      maxTagCount="responsive"
      value={value}
      onChange={(next) => onChange?.(next)}
    />
  );
}
