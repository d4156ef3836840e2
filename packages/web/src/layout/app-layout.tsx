import { LIMITS } from '@buglet/contracts';
import { Drawer, FloatButton, Layout, theme } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { DefaultPasswordModal } from '../features/auth/default-password-modal.tsx';
import { ArchivedProjectBanner } from '../features/projects/archived-project-banner.tsx';
import { LockedBanner } from '../features/projects/locked-banner.tsx';
import { NoTeamGuide } from '../features/teams/no-team-guide.tsx';
import { useIsDark } from '../lib/color-scheme.ts';
import { useRouteMeta } from '../router/use-route-meta.ts';
import { SIDEBAR_DARK_BG, useLayout } from '../stores/layout.store.ts';
import { useSession } from '../stores/session.store.ts';
import { useTagsView } from '../stores/tags-view.store.ts';
import { CommandPalette } from './command-palette.tsx';
import { Navbar } from './navbar.tsx';
import { SettingsDrawer } from './settings-drawer.tsx';
import { Sidebar } from './sidebar.tsx';
import { TagsView } from './tags-view.tsx';
import { TopNav } from './top-nav.tsx';

const SIDEBAR_WIDTH = 200;
const SIDEBAR_COLLAPSED_WIDTH = 54;
const MOBILE_DRAWER_WIDTH = 280;

/** Window width decides the device; the sidebar starts closed on mobile. */
function useResponsive() {
  const setMobile = useLayout((s) => s.setMobile);
  useEffect(() => {
    const onResize = () => {
      const isMobile = window.innerWidth < LIMITS.mobileBreakpoint;
      if (isMobile !== useLayout.getState().isMobile) setMobile(isMobile);
    };
    // The width may have changed while the layout was not mounted (login or error pages).
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [setMobile]);
}

function useNavigationEffects(title: string) {
  const { t } = useTranslation();
  const location = useLocation();
  const isDynamicTitle = useLayout((s) => s.settings.dynamicTitle);
  const addTag = useTagsView((s) => s.add);

  useEffect(() => {
    window.scrollTo(0, 0);
    if (useLayout.getState().isMobile) useLayout.getState().closeSidebar();
    // '/' only redirects to the home page: no tab of its own.
    if (location.pathname !== '/' && !location.pathname.startsWith('/redirect')) {
      addTag({ fullPath: `${location.pathname}${location.search}`, path: location.pathname, isAffix: false });
    }
  }, [location.pathname, location.search, addTag]);

  useEffect(() => {
    const systemName = t('system-name');
    document.title = isDynamicTitle && title ? `${title} - ${systemName}` : systemName;
  }, [title, isDynamicTitle, t]);
}

/** Team and project pages are empty without a current team: they lead the person to one instead. */
function useNeedsTeam(): boolean {
  const { pathname } = useLocation();
  const currentTeamId = useSession((s) => s.config?.currentTeamId ?? 0);
  return !currentTeamId && /^\/(project|team)[/-]/.test(pathname);
}

export default function AppLayout() {
  const needsTeam = useNeedsTeam();
  const meta = useRouteMeta();
  const isMobile = useLayout((s) => s.isMobile);
  const isSidebarOpen = useLayout((s) => s.isSidebarOpen);
  const closeSidebar = useLayout((s) => s.closeSidebar);
  const settings = useLayout((s) => s.settings);
  const { token } = theme.useToken();
  const isDark = useIsDark();
  useResponsive();
  useNavigationEffects(meta.title);

  const sidebar = <Sidebar activeKey={meta.activeMenu} isCollapsed={!isMobile && !isSidebarOpen} />;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {isMobile ? (
        <Drawer
          placement="left"
          size={MOBILE_DRAWER_WIDTH}
          open={isSidebarOpen}
          onClose={closeSidebar}
          closable={false}
          // The dark sidebar is dark all the way down the phone's menu, not a white drawer behind it.
          styles={{
            body: { padding: 0 },
            section:
              settings.sideTheme === 'theme-dark' && !isDark ? { background: SIDEBAR_DARK_BG } : undefined,
          }}
        >
          {sidebar}
        </Drawer>
      ) : (
        <Layout.Sider
          width={SIDEBAR_WIDTH}
          collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
          collapsed={!isSidebarOpen}
          trigger={null}
          theme={settings.sideTheme === 'theme-dark' ? 'dark' : 'light'}
          style={{
            position: 'sticky',
            top: 0,
            height: '100vh',
            overflowY: 'auto',
            borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          {sidebar}
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            height: 'auto',
            lineHeight: 'normal',
            padding: 0,
            background: token.colorBgContainer,
            boxShadow: '0 1px 4px rgba(0,21,41,.08)',
            position: settings.fixedHeader ? 'sticky' : 'relative',
            top: 0,
            zIndex: 10,
          }}
        >
          <Navbar
            crumbs={meta.crumbs}
            topMenu={settings.topNav ? <TopNav activeKey={meta.activeMenu} /> : undefined}
          />
          {settings.tagsView ? <TagsView /> : null}
        </Layout.Header>
        <Layout.Content style={{ padding: isMobile ? 8 : 16, minWidth: 0 }}>
          <LockedBanner />
          <ArchivedProjectBanner />
          {needsTeam ? <NoTeamGuide /> : <Outlet />}
        </Layout.Content>
      </Layout>
      <FloatButton.BackTop visibilityHeight={100} duration={800} />
      <SettingsDrawer />
      <DefaultPasswordModal />
      <CommandPalette />
    </Layout>
  );
}
