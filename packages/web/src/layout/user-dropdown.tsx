import { CalendarOutlined, DownOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { assetUrl } from '../lib/http.ts';
import { personName } from '../lib/person-name.ts';
import { useSession } from '../stores/session.store.ts';

export function UserDropdown({ isMobile }: { isMobile: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const logout = useSession((s) => s.logout);

  const confirmLogout = () =>
    modal.confirm({
      title: t('prompted'),
      content: t('sure-logout-system'),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: async () => {
        await logout();
        // Straight to the login page: sent to /index from /index, the guard's redirect to the login
        // page was undone within the same render and the page stayed blank.
        navigate('/login', { replace: true });
      },
    });

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined />, label: t('my-center') },
          { key: 'calendar', icon: <CalendarOutlined />, label: t('calendar.title') },
          { key: 'keyboard', icon: <KeyOutlined />, label: t('shortcut.settings') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('logout') },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') confirmLogout();
          else
            navigate(
              { calendar: '/member/calendar', keyboard: '/member/keyboard' }[key] ?? '/member/profile',
            );
        },
      }}
    >
      <Space style={{ cursor: 'pointer', padding: '0 8px', whiteSpace: 'nowrap' }}>
        <Avatar size="small" src={assetUrl(user?.avatar)} icon={<UserOutlined />} />
        {isMobile || !user ? null : <span>{personName(user)}</span>}
        <DownOutlined style={{ fontSize: 10 }} />
      </Space>
    </Dropdown>
  );
}
