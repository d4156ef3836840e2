import { PlusOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Placeholder for the team switcher: teams are not part of this version, so the control is shown
 * but disabled, with a tooltip that says why (TODO: teams issue replaces this with the switcher).
 */
export function TeamSelector({ isCollapsed }: { isCollapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <div style={{ padding: isCollapsed ? '10px 7px' : '10px 12px' }}>
      <Tooltip title={t('team.not-ready')} placement="right">
        <Button
          block
          disabled
          icon={<PlusOutlined />}
          style={{ height: 40, justifyContent: isCollapsed ? 'center' : 'flex-start' }}
        >
          {isCollapsed ? null : t('team.create')}
        </Button>
      </Tooltip>
    </div>
  );
}
