import type { Project } from '@buglet/contracts';
import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProjectNameplate } from './project-nameplate.tsx';
import { ProjectRowActions } from './project-row-actions.tsx';
import type { useProjectActions } from './use-project-actions.ts';

interface FollowedProjectsProps {
  projects: Project[];
  actions: ReturnType<typeof useProjectActions>;
}

/** Cards of the projects I follow, above the list; nothing at all when I follow none. */
export function FollowedProjects({ projects, actions }: FollowedProjectsProps) {
  const { t } = useTranslation();
  if (projects.length === 0) return null;
  return (
    <div style={{ marginBottom: 16 }}>
      <Typography.Title level={5}>{t('project.collect-project')}</Typography.Title>
      <Row gutter={[12, 12]}>
        {projects.map((project) => (
          <Col key={project.projectId} xs={24} sm={12} md={8} xl={6}>
            <Card
              hoverable
              size="small"
              data-testid="followed-project"
              onClick={() => actions.open(project)}
              actions={[
                <ProjectRowActions
                  key="actions"
                  project={project}
                  onCollect={() => actions.toggleCollect(project)}
                  onArchive={() => actions.toggleArchive(project)}
                  onDelete={() => actions.remove(project)}
                />,
              ]}
            >
              <ProjectNameplate project={project} />
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
