import { LockOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '../../stores/session.store.ts';

/**
 * On the pages of a team or project the administrator has locked (1.0 §13.8): that it is
 * read-only, and why. /getInfo names the lock and leaves out the write permissions there, so
 * forms and buttons are read-only already; the server refuses a write with the same reason.
 */
export function LockedBanner() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const config = useSession((s) => s.config);
  const isProjectPage = pathname.startsWith('/project/');
  const isTeamPage = pathname.startsWith('/team/');
  const lock =
    isProjectPage && config?.currentProjectLock
      ? { key: 'lock.banner.project', reason: config.currentProjectLockRemark }
      : (isProjectPage || isTeamPage) && config?.currentTeamLock
        ? { key: 'lock.banner.team', reason: config.currentTeamLockRemark }
        : undefined;
  if (!lock) return null;
  return (
    <Alert
      type="warning"
      showIcon
      icon={<LockOutlined />}
      title={t(lock.key)}
      description={t('lock.banner.reason', { reason: lock.reason || t('lock.banner.no-reason') })}
      style={{ marginBottom: 12 }}
      data-testid="locked-banner"
    />
  );
}
