import { FontSizeOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { type SizeName, useLayout } from '../stores/layout.store.ts';

const SIZES: SizeName[] = ['default', 'medium', 'small', 'mini'];

export function SizeSelect() {
  const { t } = useTranslation();
  const size = useLayout((s) => s.size);
  const setSize = useLayout((s) => s.setSize);
  const labels: Record<SizeName, string> = {
    default: t('size.default'),
    medium: t('size.medium'),
    small: t('size.small'),
    mini: t('size.mini'),
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((s) => ({ key: s, label: labels[s] })),
        onClick: ({ key }) => setSize(key as SizeName),
      }}
    >
      <Tooltip title={t('size.title')}>
        <Button type="text" icon={<FontSizeOutlined />} aria-label={t('size.title')} />
      </Tooltip>
    </Dropdown>
  );
}
