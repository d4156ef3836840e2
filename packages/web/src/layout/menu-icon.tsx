import {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  BugOutlined,
  CloudServerOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  EditOutlined,
  FileTextOutlined,
  FormOutlined,
  HddOutlined,
  IdcardOutlined,
  LoginOutlined,
  MonitorOutlined,
  ProjectOutlined,
  ReadOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The server sends the original's SVG icon names; the nearest antd icon stands in for each. */
const ICONS: Record<string, ReactNode> = {
  user: <UserOutlined />,
  peoples: <TeamOutlined />,
  'tree-table': <ApartmentOutlined />,
  tree: <ApartmentOutlined />,
  post: <IdcardOutlined />,
  dict: <ReadOutlined />,
  edit: <EditOutlined />,
  log: <FileTextOutlined />,
  form: <FormOutlined />,
  logininfor: <LoginOutlined />,
  online: <DesktopOutlined />,
  server: <CloudServerOutlined />,
  redis: <HddOutlined />,
  'redis-list': <UnorderedListOutlined />,
  druid: <DatabaseOutlined />,
  monitor: <MonitorOutlined />,
  system: <SettingOutlined />,
  tool: <ToolOutlined />,
  swagger: <ApiOutlined />,
  bug: <BugOutlined />,
  chart: <BarChartOutlined />,
  education: <BookOutlined />,
  nested: <UnorderedListOutlined />,
  cascader: <ClusterOutlined />,
  'mk-project': <ProjectOutlined />,
  dashboard: <DashboardOutlined />,
};

export function menuIcon(name: string | null | undefined): ReactNode {
  if (!name || name === '#') return <AppstoreOutlined />;
  return ICONS[name] ?? <AppstoreOutlined />;
}
