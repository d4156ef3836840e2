import { DeleteOutlined, InboxOutlined, RollbackOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { Project } from '@buglet/contracts';
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../components/row-actions.tsx';

interface ProjectRowActionsProps {
  project: Project;
  onCollect: () => void;
  onArchive: () => void;
  onDelete: () => void;
}

/** Follow star for everyone; archive/restore and delete only for members holding the permission. */
export function ProjectRowActions({ project, onCollect, onArchive, onDelete }: ProjectRowActionsProps) {
  const { t } = useTranslation();
  const followLabel = t(project.collect ? 'project.unfollow' : 'project.follow');
  return (
    <Space size={0} onClick={(e) => e.stopPropagation()}>
      <Tooltip title={followLabel}>
        <Button
          type="text"
          size="small"
          aria-label={followLabel}
          aria-pressed={project.collect}
          icon={project.collect ? <StarFilled style={{ color: '#fadb14' }} /> : <StarOutlined />}
          onClick={onCollect}
        />
      </Tooltip>
      {project.isMember ? (
        <>
          <RowAction
            permi={['system:project:edit']}
            icon={project.archived ? <RollbackOutlined /> : <InboxOutlined />}
            onClick={onArchive}
          >
            {t(project.archived ? 'project.restore' : 'project.archive')}
          </RowAction>
          <RowAction permi={['system:project:remove']} danger icon={<DeleteOutlined />} onClick={onDelete}>
            {t('delete')}
          </RowAction>
        </>
      ) : null}
    </Space>
  );
}
