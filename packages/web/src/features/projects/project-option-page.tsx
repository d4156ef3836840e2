import {
  ApiOutlined,
  BugOutlined,
  NotificationOutlined,
  ProjectOutlined,
  RobotOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OptionCard, OptionLink } from '../../components/option-card.tsx';
import { usePasswordConfirm } from '../../components/password-confirm-dialog.tsx';
import { useSession } from '../../stores/session.store.ts';
import { PROJECT_LIST_PATH } from '../teams/index.ts';
import { ProjectSwitcher } from './project-switcher.tsx';
import { useCurrentProject } from './use-current-project.ts';
import { useProjectActions } from './use-project-actions.ts';

/** Project settings hub: switch project, then cards for base info, archiving, deleting, members, AI, API keys and chat platforms. */
export default function ProjectOptionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loadSession = useSession((s) => s.loadSession);
  const { project } = useCurrentProject();
  const password = usePasswordConfirm();
  const actions = useProjectActions(password.ask);
  const afterDelete = async () => {
    await loadSession();
    navigate(PROJECT_LIST_PATH);
  };

  return (
    <Flex vertical gap={16}>
      <ProjectSwitcher />
      <Row gutter={[16, 16]}>
        <OptionCard
          icon={<ProjectOutlined />}
          title={t('project.info')}
          description={t('project.base-info-describe')}
        >
          <OptionLink permi={['system:project:edit']} to="/project/project-base-info">
            {t('base-info')}
          </OptionLink>
          {project ? (
            <>
              <OptionLink permi={['system:project:edit']} onClick={() => actions.toggleArchive(project)}>
                {t(project.archived ? 'project.restore' : 'project.archive')}
              </OptionLink>
              <OptionLink
                permi={['system:project:remove']}
                isDanger
                onClick={() => actions.remove(project, afterDelete)}
              >
                {t('project.delete')}
              </OptionLink>
            </>
          ) : null}
        </OptionCard>
        <OptionCard
          icon={<TeamOutlined />}
          title={t('project.project-and-member')}
          description={t('project.project-and-member-describe')}
        >
          <OptionLink permi={['system:project:member']} to="/project/project-member">
            {t('member.manage')}
          </OptionLink>
        </OptionCard>
        <OptionCard
          icon={<BugOutlined />}
          title={t('defect-field.settings')}
          description={t('defect-field.settings-describe')}
        >
          <OptionLink permi={['system:project:defect-field:list']} to="/project/defect-fields">
            {t('defect-field.title')}
          </OptionLink>
        </OptionCard>
        <OptionCard icon={<RobotOutlined />} title={t('project.ai')} description={t('project.ai-describe')}>
          <OptionLink permi={['system:ai:list']} to="/project/project-ai">
            {t('ai.title')}
          </OptionLink>
        </OptionCard>
        <OptionCard
          icon={<ApiOutlined />}
          title={t('api.option.title')}
          description={t('api.option.describe')}
        >
          <OptionLink permi={['system:api:list']} to="/project/project-api">
            {t('api.option.link')}
          </OptionLink>
        </OptionCard>
        <OptionCard
          icon={<NotificationOutlined />}
          title={t('project.other-system')}
          description={t('project.other-system-describe')}
        >
          <OptionLink permi={['ding:list']} to="/project/ding">
            {t('ding.robot')}
          </OptionLink>
          <OptionLink permi={['wechat:list']} to="/project/enterprise-wechat">
            {t('enterprise-wechat')}
          </OptionLink>
        </OptionCard>
      </Row>
      {password.dialog}
    </Flex>
  );
}
