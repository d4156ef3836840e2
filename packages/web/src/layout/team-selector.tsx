import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import type { Team } from '@buglet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Divider, Flex, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NameAvatar } from '../components/name-avatar.tsx';
import { listMyTeams, teamKeys } from '../features/teams/teams.api.ts';
import { useCurrentTeamId, useSwitchTeam } from '../features/teams/use-team-context.ts';
import { useSession } from '../stores/session.store.ts';

export const TEAM_ADD_PATH = '/system/team/add-member';

function TeamOption({ team, isCurrent, onPick }: { team: Team; isCurrent: boolean; onPick: () => void }) {
  return (
    <Button
      type="text"
      block
      onClick={onPick}
      style={{ height: 56, justifyContent: 'flex-start', paddingInline: 8 }}
      data-testid="team-option"
    >
      <NameAvatar name={team.teamName} image={team.teamIcon} shape="square" size={40} />
      <Typography.Text ellipsis style={{ flex: 1, textAlign: 'start', maxWidth: 170 }}>
        {team.teamName}
      </Typography.Text>
      {isCurrent ? <CheckOutlined style={{ color: 'var(--ant-color-primary)' }} /> : null}
    </Button>
  );
}

/** Top of the sidebar: the current team, a list of my teams to switch to, and "Create team". */
export function TeamSelector({ isCollapsed }: { isCollapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const currentTeamId = useCurrentTeamId();
  const switchTeam = useSwitchTeam();
  const [isOpen, setOpen] = useState(false);
  // The team id is part of the key so the list is fetched again whenever the current team changes.
  // Not after logout: the cleared session changes the key, and a request without a token would fail.
  const isLoaded = useSession((s) => s.isLoaded);
  const query = useQuery({
    queryKey: [...teamKeys.my, currentTeamId],
    queryFn: listMyTeams,
    enabled: isLoaded,
  });
  const teams = query.data?.rows ?? [];
  const current = teams.find((team) => team.teamId === currentTeamId);

  const pick = (team: Team) => {
    setOpen(false);
    if (team.teamId !== currentTeamId) void switchTeam(team.teamId).catch(() => {});
  };
  const create = () => {
    setOpen(false);
    navigate(TEAM_ADD_PATH);
  };

  const content = (
    <Flex vertical style={{ width: 240, maxHeight: 420, overflowY: 'auto' }}>
      {teams.map((team) => (
        <TeamOption
          key={team.teamId}
          team={team}
          isCurrent={team.teamId === currentTeamId}
          onPick={() => pick(team)}
        />
      ))}
      {teams.length > 0 ? <Divider style={{ margin: '6px 0' }} /> : null}
      <Button type="primary" ghost block icon={<PlusOutlined />} onClick={create}>
        {t('team.create')}
      </Button>
    </Flex>
  );

  const avatar = current ? (
    <NameAvatar name={current.teamName} image={current.teamIcon} shape="square" size={40} />
  ) : (
    <Avatar shape="square" size={40} icon={<PlusOutlined />} />
  );

  return (
    <div style={{ padding: isCollapsed ? '8px 7px' : '8px 10px' }}>
      <Popover
        open={isOpen}
        onOpenChange={setOpen}
        trigger="click"
        placement={isCollapsed ? 'rightTop' : 'bottomLeft'}
        content={content}
        arrow={false}
      >
        <Button
          type="text"
          block
          data-testid="team-selector"
          aria-label={current?.teamName ?? t('team.create')}
          style={{ height: 56, justifyContent: isCollapsed ? 'center' : 'flex-start', paddingInline: 6 }}
        >
          {avatar}
          {isCollapsed ? null : (
            <Typography.Text strong ellipsis style={{ fontSize: 16, maxWidth: 120 }}>
              {current?.teamName ?? t('team.create')}
            </Typography.Text>
          )}
        </Button>
      </Popover>
    </div>
  );
}
