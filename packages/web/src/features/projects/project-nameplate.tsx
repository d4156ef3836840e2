import type { Project } from '@buglet/contracts';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { projectIconUrl } from './project-icons.ts';

type NameplateProject = Pick<Project, 'projectName' | 'projectIcon' | 'projectIntroduce'>;

/** Cover, name and introduction of a project (the introduction greyed, or a hint that there is none). */
export function ProjectNameplate({ project, size = 50 }: { project: NameplateProject; size?: number }) {
  const { t } = useTranslation();
  return (
    <Flex gap={12} align="center" style={{ minWidth: 0 }}>
      <img
        src={projectIconUrl(project.projectIcon)}
        alt=""
        width={size}
        height={size}
        style={{ borderRadius: 6, flexShrink: 0 }}
      />
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong ellipsis style={{ fontSize: 16, maxWidth: 260 }}>
          {project.projectName}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 260 }}>
          {project.projectIntroduce || t('project.introduction-not-filled')}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
