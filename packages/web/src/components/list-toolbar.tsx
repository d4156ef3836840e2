import { EyeInvisibleOutlined, EyeOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ListToolbarProps {
  children?: ReactNode;
  /** Page-specific tools on the right, before show/hide search and refresh (a column chooser, say). */
  extra?: ReactNode;
  onRefresh: () => void;
  isSearchShown?: boolean;
  onToggleSearch?: () => void;
}

/** Action buttons on the left; show/hide search and refresh on the right. */
export function ListToolbar({ children, extra, onRefresh, isSearchShown, onToggleSearch }: ListToolbarProps) {
  const { t } = useTranslation();
  return (
    <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
      <Space wrap>{children}</Space>
      <Space>
        {extra}
        {onToggleSearch ? (
          <Tooltip title={t(isSearchShown ? 'hide-search' : 'show-search')}>
            <Button
              shape="circle"
              icon={isSearchShown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
              onClick={onToggleSearch}
            />
          </Tooltip>
        ) : null}
        <Tooltip title={t('refresh')}>
          <Button shape="circle" icon={<ReloadOutlined />} onClick={onRefresh} aria-label={t('refresh')} />
        </Tooltip>
      </Space>
    </Flex>
  );
}

/** State for the toolbar's show/hide-search button; spread the result into the toolbar's props. */
export function useSearchToggle() {
  const [isSearchShown, setSearchShown] = useState(true);
  return { isSearchShown, onToggleSearch: () => setSearchShown((v) => !v) };
}
