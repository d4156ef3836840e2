import { FlagOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OptionCard, OptionLink } from '../../components/option-card.tsx';
import { usePasswordConfirm } from '../../components/password-confirm-dialog.tsx';
import { useSession } from '../../stores/session.store.ts';
import { deleteTeam } from './teams.api.ts';
import { useCurrentTeamId } from './use-team-context.ts';

/** Team settings hub: cards leading to base info, member management, and deleting the team. */
export default function TeamOptionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const teamId = useCurrentTeamId();
  const loadSession = useSession((s) => s.loadSession);
  const confirm = usePasswordConfirm();

  const askDelete = () =>
    confirm.ask({
      title: t('team.delete'),
      content: t('team.is-delete-team'),
      action: async (password) => {
        await deleteTeam(teamId, password);
        await loadSession();
        queryClient.removeQueries({ queryKey: ['teams'] });
        queryClient.removeQueries({ queryKey: ['projects'] });
        navigate('/index');
      },
    });

  return (
    <>
      <Row gutter={[16, 16]}>
        <OptionCard icon={<FlagOutlined />} title={t('team.info')} description={t('team.base-info-describe')}>
          <OptionLink permi={['system:team:edit']} to="/team-options/team-base-info">
            {t('base-info')}
          </OptionLink>
          <OptionLink permi={['system:team:remove']} isDanger onClick={askDelete}>
            {t('team.delete')}
          </OptionLink>
        </OptionCard>
        <OptionCard
          icon={<UserOutlined />}
          title={t('team.team-and-member')}
          description={t('team.team-and-member-describe')}
        >
          <OptionLink permi={['system:team:member']} to="/team-options/team-member">
            {t('member.manage')}
          </OptionLink>
        </OptionCard>
      </Row>
      {confirm.dialog}
    </>
  );
}
