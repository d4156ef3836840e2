import {
  FullscreenExitOutlined,
  FullscreenOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { App, Button, Flex, Grid, Tooltip } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoticeBell } from '../features/notices/notice-bell.tsx';
import type { Crumb } from '../router/use-route-meta.ts';
import { useLayout } from '../stores/layout.store.ts';
import { BreadcrumbBar } from './breadcrumb-bar.tsx';
import { HeaderSearch } from './header-search.tsx';
import { LangSelect } from './lang-select.tsx';
import { SizeSelect } from './size-select.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserDropdown } from './user-dropdown.tsx';

function useFullscreen(): [boolean, () => void] {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const [isFull, setFull] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    if (!document.fullscreenEnabled) {
      message.warning(t('fullscreen.unsupported'));
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen();
  };
  return [isFull, toggle];
}

interface NavbarProps {
  crumbs: Crumb[];
  /** Top navigation mode puts the menus here instead of the breadcrumb. */
  topMenu?: ReactNode;
}

export function Navbar({ crumbs, topMenu }: NavbarProps) {
  const { t } = useTranslation();
  const isMobile = useLayout((s) => s.isMobile);
  const isSidebarOpen = useLayout((s) => s.isSidebarOpen);
  const toggleSidebar = useLayout((s) => s.toggleSidebar);
  const setSettingsOpen = useLayout((s) => s.setSettingsOpen);
  const [isFull, toggleFull] = useFullscreen();
  // Below 1200 px the header's tools leave the breadcrumb room for the current page's name only.
  const screens = Grid.useBreakpoint();

  return (
    <Flex align="center" gap={8} style={{ height: 50, padding: '0 8px', minWidth: 0 }}>
      <Button
        type="text"
        aria-label={t('navbar.toggle-sidebar')}
        icon={isSidebarOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={toggleSidebar}
      />
      <div style={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
        {topMenu ?? <BreadcrumbBar crumbs={crumbs} isCompact={isMobile || !screens.xl} />}
      </div>
      {isMobile ? null : <HeaderSearch />}
      <NoticeBell />
      {isMobile ? null : (
        <Tooltip title={t(isFull ? 'fullscreen.exit' : 'fullscreen.enter')}>
          <Button
            type="text"
            icon={isFull ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={toggleFull}
            aria-label={t('fullscreen.enter')}
          />
        </Tooltip>
      )}
      {/* On a phone the settings drawer holds the theme: the header has no room for one more icon. */}
      {isMobile ? null : <ThemeToggle />}
      <LangSelect isCompact={isMobile} />
      <SizeSelect />
      <Tooltip title={t('settings.title')}>
        <Button
          type="text"
          icon={<SettingOutlined />}
          onClick={() => setSettingsOpen(true)}
          aria-label={t('settings.title')}
        />
      </Tooltip>
      <UserDropdown isMobile={isMobile} />
    </Flex>
  );
}
