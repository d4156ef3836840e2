import { BellOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PermiButton } from '../../components/permi-button.tsx';

/**
 * What a person without a current team (just invited, or whose team was deleted) sees instead of
 * empty team and project pages: create a team, or find the invitation among the notices; a team
 * they already belong to is picked in the header's team selector.
 */
export function NoTeamGuide() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      data-testid="no-team-guide"
      icon={<TeamOutlined />}
      title={t('no-team.title')}
      subTitle={t('no-team.help')}
      extra={[
        <PermiButton
          key="create"
          permi={['system:team:add']}
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => navigate('/system/team/add-member')}
        >
          {t('no-team.create')}
        </PermiButton>,
        <Button key="notices" icon={<BellOutlined />} onClick={() => navigate('/notice/index')}>
          {t('no-team.invitations')}
        </Button>,
      ]}
    />
  );
}
