import { isExternal } from '@buglet/contracts';
import { Menu } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ancestorKeys, type MenuEntry, toMenuItems } from './menu-items.tsx';

interface SidebarMenuProps {
  entries: MenuEntry[];
  activeKey: string;
  isCollapsed: boolean;
  isDark: boolean;
  mode?: 'inline' | 'horizontal';
  onNavigate?: () => void;
}

/** One menu group; only one submenu stays open at a time ("unique-opened"). */
export function SidebarMenu({ entries, activeKey, isCollapsed, isDark, mode, onNavigate }: SidebarMenuProps) {
  const navigate = useNavigate();
  const items = useMemo(() => toMenuItems(entries), [entries]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => ancestorKeys(entries, activeKey));

  useEffect(() => {
    const keys = ancestorKeys(entries, activeKey);
    if (keys.length) setOpenKeys(keys);
  }, [entries, activeKey]);

  const onOpenChange = (keys: string[]) => {
    const latest = keys.find((k) => !openKeys.includes(k));
    setOpenKeys(latest ? keys.filter((k) => k === latest || latest.startsWith(`${k}/`)) : keys);
  };

  return (
    <Menu
      mode={mode ?? 'inline'}
      theme={isDark ? 'dark' : 'light'}
      inlineCollapsed={mode === 'horizontal' ? undefined : isCollapsed}
      selectedKeys={[activeKey]}
      openKeys={mode === 'horizontal' || isCollapsed ? undefined : openKeys}
      onOpenChange={onOpenChange}
      items={items}
      style={{ borderInlineEnd: 'none' }}
      onClick={({ key }) => {
        if (isExternal(key)) window.open(key, '_blank', 'noopener');
        else navigate(key);
        onNavigate?.();
      }}
    />
  );
}
