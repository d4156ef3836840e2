import type { Project } from '@buglet/contracts';
import { Avatar, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { NameAvatar } from '../../components/name-avatar.tsx';
import { personName } from '../../lib/person-name.ts';

const SHOWN = 3;

/** Up to three member avatars with their names on hover, then "+N" counting the rest. */
export function ProjectMemberAvatars({ project }: { project: Project }) {
  const { t } = useTranslation();
  const members = project.members ?? [];
  const total = project.memberCount ?? members.length;
  const rest = total - Math.min(SHOWN, members.length);
  return (
    <Avatar.Group size="small">
      {members.slice(0, SHOWN).map((member) => (
        <Tooltip key={member.userId} title={personName(member)}>
          <NameAvatar name={personName(member)} image={member.avatar} size="small" />
        </Tooltip>
      ))}
      {rest > 0 ? (
        <Tooltip title={t('project.member-count', { count: total })}>
          <Avatar
            size="small"
            style={{ backgroundColor: 'var(--ant-color-fill-secondary)', color: 'inherit' }}
          >
            +{rest}
          </Avatar>
        </Tooltip>
      ) : null}
    </Avatar.Group>
  );
}
