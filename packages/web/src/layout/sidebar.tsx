import { Divider } from 'antd';
import { useLayout } from '../stores/layout.store.ts';
import { SidebarMenu } from './sidebar-menu.tsx';
import { TeamSelector } from './team-selector.tsx';
import { useMenuGroups } from './use-menu-groups.ts';

interface SidebarProps {
  activeKey: string;
  isCollapsed: boolean;
  onNavigate?: () => void;
}

/** Team selector, then the team / project / team-options groups, and the admin section at the bottom. */
export function Sidebar({ activeKey, isCollapsed, onNavigate }: SidebarProps) {
  const groups = useMenuGroups();
  const settings = useLayout((s) => s.settings);
  const isDark = settings.sideTheme === 'theme-dark';
  const upper = [groups.team, groups.project, groups.teamOptions].filter((g) => g.length > 0);
  const menuProps = { activeKey, isCollapsed, isDark, onNavigate };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      {settings.sidebarLogo ? <TeamSelector isCollapsed={isCollapsed} /> : null}
      {upper.map((entries, index) => (
        <div key={entries[0]?.key ?? index}>
          {index > 0 ? <Divider style={{ margin: '4px 0' }} /> : null}
          <SidebarMenu entries={entries} {...menuProps} />
        </div>
      ))}
      {groups.admin.length > 0 ? (
        <div style={{ marginTop: 'auto' }}>
          <Divider style={{ margin: '4px 0' }} />
          <SidebarMenu entries={groups.admin} {...menuProps} />
        </div>
      ) : null}
    </div>
  );
}
