import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type Page = LazyExoticComponent<ComponentType>;

const userList = lazy(() => import('../features/users/user-list-page.tsx'));
export const noticePage = lazy(() => import('../features/notices/notice-page.tsx'));
const platformPages = () => import('../features/notices/platform-config-page.tsx');

/**
 * Maps the component strings the server sends in /getRouters to pages. A string we do not know yet
 * (areas not built so far) shows the 404 page rather than breaking the menu.
 */
const REGISTRY: Record<string, Page> = {
  'system/member/index': userList,
  'system/user/index': userList,
  'system/role/index': lazy(() => import('../features/roles/role-list-page.tsx')),
  'system/menu/index': lazy(() => import('../features/menus/menu-list-page.tsx')),
  'system/dept/index': lazy(() => import('../features/depts/dept-list-page.tsx')),
  'system/post/index': lazy(() => import('../features/posts/post-list-page.tsx')),
  'system/dict/index': lazy(() => import('../features/dicts/dict-type-list-page.tsx')),
  'system/config/index': lazy(() => import('../features/configs/config-list-page.tsx')),
  'monitor/logininfor/index': lazy(() => import('../features/monitor/login-log-page.tsx')),
  'monitor/online/index': lazy(() => import('../features/monitor/online-page.tsx')),
  'monitor/job/index': lazy(() => import('../features/jobs/job-list-page.tsx')),
  'monitor/operlog/index': lazy(() => import('../features/monitor/oper-log-page.tsx')),
  'monitor/server/index': lazy(() => import('../features/monitor/server-page.tsx')),
  'monitor/cache/index': lazy(() => import('../features/monitor/cache-page.tsx')),
  'monitor/cache/list': lazy(() => import('../features/monitor/cache-list-page.tsx')),
  'monitor/database/index': lazy(() => import('../features/monitor/database-page.tsx')),
  'system/project/index': lazy(() => import('../features/projects/project-list-page.tsx')),
  'system/project/option/index': lazy(() => import('../features/projects/project-option-page.tsx')),
  'system/project/edit': lazy(() => import('../features/projects/project-base-info-page.tsx')),
  'system/project/member/index': lazy(() => import('../features/projects/project-members-page.tsx')),
  'system/team/index': lazy(() => import('../features/teams/team-admin-list-page.tsx')),
  'admin/project/index': lazy(() => import('../features/projects/project-admin-list-page.tsx')),
  'system/team/option/index': lazy(() => import('../features/teams/team-option-page.tsx')),
  'system/team/option/base/index': lazy(() => import('../features/teams/team-base-info-page.tsx')),
  'system/team/option/member/index': lazy(() => import('../features/teams/team-members-page.tsx')),
  'system/defect/index': lazy(() => import('../features/defects/defect-list-page.tsx')),
  'system/module/index': lazy(() => import('../features/modules/module-list-page.tsx')),
  'system/case/index': lazy(() => import('../features/cases/case-list-page.tsx')),
  'system/plan/index': lazy(() => import('../features/plans/plan-list-page.tsx')),
  'system/dashboard/index': lazy(() => import('../features/dashboard/dashboard-page.tsx')),
  'system/report/index': lazy(() => import('../features/reports/report-list-page.tsx')),
  'system/document/index': lazy(() => import('../features/documents/document-list-page.tsx')),
  'system/project/ai/index': lazy(() => import('../features/ai/ai-model-page.tsx')),
  'system/api/index': lazy(() => import('../features/project-api/project-api-page.tsx')),
  'tool/swagger/index': lazy(() => import('../features/api-docs/api-docs-page.tsx')),
  'tool/gen/index': lazy(() => import('../features/gen/gen-list-page.tsx')),
  'tool/build/index': lazy(() => import('../features/gen/form-builder-page.tsx')),
  'tool/project/browser/index': lazy(() => import('../features/browser/browser-menu-page.tsx')),
  'system/ScreenSize/index': lazy(() => import('../features/browser/screen-size-list-page.tsx')),
  // Hidden project pages: the notice list (also the fixed /notice/index) and the chat platforms.
  'notice/index': noticePage,
  'system/project/other/ding/index': lazy(() => platformPages().then((m) => ({ default: m.DingConfigPage }))),
  'system/project/other/wechat/index': lazy(() =>
    platformPages().then((m) => ({ default: m.WechatConfigPage })),
  ),
};

export const NotFoundPage = lazy(() => import('../features/errors/not-found-page.tsx'));

/** True when a page exists for the component string, so the sidebar can leave out what would 404. */
export function hasPage(component: string): boolean {
  return component in REGISTRY || component === 'InnerLink';
}

export function resolvePage(component: string): Page {
  return REGISTRY[component] ?? NotFoundPage;
}
