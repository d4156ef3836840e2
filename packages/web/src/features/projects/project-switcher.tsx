import { DownOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Dropdown, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentTeamId } from '../teams/index.ts';
import { listProjects, projectKeys } from './projects.api.ts';
import { useCurrentProject } from './use-current-project.ts';
import { useSwitchProject } from './use-project-actions.ts';

const SWITCHER_PAGE = 99;

/** "Project: <name> ▾" listing the projects I take part in within the current team. */
export function ProjectSwitcher() {
  const { t } = useTranslation();
  const teamId = useCurrentTeamId();
  const { projectId, project } = useCurrentProject();
  const switchProject = useSwitchProject();
  const listQuery = { teamId, pageNum: 1, pageSize: SWITCHER_PAGE, params: { tab: 'participated' as const } };
  const query = useQuery({
    queryKey: projectKeys.list(listQuery),
    queryFn: () => listProjects(listQuery),
    enabled: teamId > 0,
  });
  const items = (query.data?.rows ?? []).map((p) => ({
    key: String(p.projectId),
    label: p.projectName,
    disabled: p.projectId === projectId,
  }));
  return (
    <Typography.Title level={4} style={{ margin: 0 }}>
      {t('project.label')}
      <Dropdown
        trigger={['click']}
        menu={{ items, onClick: ({ key }) => void switchProject(Number(key)).catch(() => {}) }}
      >
        <Button type="link" size="large" data-testid="project-switcher" style={{ fontSize: 18 }}>
          {project?.projectName ?? '-'} <DownOutlined />
        </Button>
      </Dropdown>
    </Typography.Title>
  );
}
