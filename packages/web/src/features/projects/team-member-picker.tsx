import { UserAddOutlined } from '@ant-design/icons';
import type { Member } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Input, Popover, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberNameplate } from '../../components/member-nameplate.tsx';
import { listTeamMembers, teamKeys } from '../teams/index.ts';

interface TeamMemberPickerProps {
  teamId: number;
  /** Already chosen (the creator included); the server leaves them out of the list. */
  excludeIds: number[];
  onPick: (member: Member) => void;
}

const PICKER_PAGE = 50;

/** "Add member": a popover listing team members not chosen yet, searchable; a click adds one. */
export function TeamMemberPicker({ teamId, excludeIds, onPick }: TeamMemberPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [isOpen, setOpen] = useState(false);
  const params = { pageNum: 1, pageSize: PICKER_PAGE, params: { search, excludeMembers: excludeIds } };
  const query = useQuery({
    queryKey: teamKeys.members(teamId, params),
    queryFn: () => listTeamMembers(teamId, params),
    enabled: isOpen,
  });
  const rows = query.data?.rows ?? [];

  const content = (
    <Flex vertical gap={8} style={{ width: 'min(360px, 80vw)' }}>
      <Input.Search
        allowClear
        placeholder={t('team.search-placeholder')}
        onSearch={setSearch}
        onChange={(e) => setSearch(e.target.value)}
      />
      <Spin spinning={query.isFetching}>
        <Flex vertical style={{ maxHeight: 320, overflowY: 'auto' }}>
          {rows.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('no-data')} />
          ) : null}
          {rows.map((member) => (
            <Button
              key={member.userId}
              type="text"
              block
              data-testid="member-pick"
              style={{ height: 'auto', padding: 6, justifyContent: 'flex-start' }}
              onClick={() => onPick(member)}
            >
              <MemberNameplate person={member} />
            </Button>
          ))}
        </Flex>
      </Spin>
    </Flex>
  );

  return (
    <Popover open={isOpen} onOpenChange={setOpen} trigger="click" placement="bottomLeft" content={content}>
      <Button icon={<UserAddOutlined />}>{t('project.add-member')}</Button>
    </Popover>
  );
}
