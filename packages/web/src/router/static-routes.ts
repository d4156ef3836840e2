import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { lazyPage } from '../lib/lazy-page.ts';
import { noticePage } from './components.ts';

export interface StaticRoute {
  path: string;
  /** i18n key of the page title (breadcrumb, tags view, document title). */
  titleKey: string;
  /** Added to the route table only when the user holds one of these permissions. */
  permi?: string[];
  /** Sidebar item to highlight while on this page. */
  activeMenu?: string;
  /** false: the page fills the window without the app's layout (still after sign-in). */
  layout?: false;
  page: LazyExoticComponent<ComponentType>;
}

/** The first page after signing in, loaded ahead with the layout (router/warm-up.ts). */
export const HOME_PAGE = lazyPage(() => import('../features/home/home-page.tsx'));

export const STATIC_ROUTES: StaticRoute[] = [
  {
    // The browser-testing tool on a tab of its own; the project menu shows it inside the layout.
    path: '/tools/browser',
    titleKey: 'browser.tool',
    layout: false,
    page: lazy(() => import('../features/browser/browser-tool-page.tsx')),
  },
  { path: '/index', titleKey: 'home', page: HOME_PAGE },
  {
    path: '/member/profile',
    titleKey: 'personal-center',
    page: lazy(() => import('../features/profile/profile-page.tsx')),
  },
  {
    path: '/member/keyboard',
    titleKey: 'shortcut.settings',
    page: lazy(() => import('../features/profile/keyboard-settings-page.tsx')),
  },
  {
    path: '/member/calendar',
    titleKey: 'calendar.title',
    page: lazy(() => import('../features/calendar/calendar-page.tsx')),
  },
  {
    path: '/member/life',
    titleKey: 'defect.my-life',
    page: lazy(() => import('../features/defect-statistics/my-life-page.tsx')),
  },
  {
    path: '/system/team/add-member',
    titleKey: 'team.create',
    page: lazy(() => import('../features/teams/team-create-page.tsx')),
  },
  {
    path: '/system/project/add-project',
    titleKey: 'project.create-project',
    permi: ['system:project:add'],
    activeMenu: '/team/project-list',
    page: lazy(() => import('../features/projects/project-create-page.tsx')),
  },
  {
    // Not among the server's menus, as in the original: a fixed hidden page reached from the defect list.
    path: '/defect/template/index',
    titleKey: 'defect.statistic-template',
    permi: ['system:defect:list'],
    activeMenu: '/project/defect',
    page: lazy(() => import('../features/defect-statistics/statistic-template-page.tsx')),
  },
  {
    // 1.0's defect attribute management, reached from the project settings.
    path: '/project/defect-fields',
    titleKey: 'defect-field.title',
    permi: ['system:project:defect-field:list'],
    activeMenu: '/project/option',
    page: lazy(() => import('../features/defect-fields/defect-fields-page.tsx')),
  },
  {
    path: '/report/template/index',
    titleKey: 'report.template.gallery',
    permi: ['system:report:list'],
    activeMenu: '/project/report',
    page: lazy(() => import('../features/reports/template-gallery-page.tsx')),
  },
  {
    path: '/report/template/add/index',
    titleKey: 'report.template.editor',
    permi: ['system:report:add'],
    activeMenu: '/project/report',
    page: lazy(() => import('../features/reports/template-editor-page.tsx')),
  },
  {
    // The bell's target, fixed as in the original (the hidden project menu /project/notice shows the same page).
    path: '/notice/index',
    titleKey: 'notice',
    permi: ['notice:list'],
    page: noticePage,
  },
  {
    path: '/system/member-auth/role/:userId',
    titleKey: 'user.assign-roles',
    // The original gates this on system:member:edit, our server seeds system:user:edit: either works.
    permi: ['system:user:edit', 'system:member:edit'],
    page: lazy(() => import('../features/users/user-auth-role-page.tsx')),
  },
  {
    path: '/system/role-auth/member/:roleId',
    titleKey: 'role.assign-users',
    permi: ['system:role:edit'],
    page: lazy(() => import('../features/roles/role-auth-user-page.tsx')),
  },
  {
    // Digits only: the page sends anything else to 404.
    path: '/tool/gen-edit/index/:tableId',
    titleKey: 'gen.edit',
    permi: ['tool:gen:edit'],
    activeMenu: '/system/gen',
    page: lazy(() => import('../features/gen/gen-edit-page.tsx')),
  },
  {
    path: '/system/dict-data/index/:dictId',
    titleKey: 'dict.data',
    permi: ['system:dict:list'],
    page: lazy(() => import('../features/dicts/dict-data-list-page.tsx')),
  },
  {
    // Id 0: the runs of every job (the job page's log button), as in the original.
    path: '/monitor/job-log/index/:jobId',
    titleKey: 'job.log',
    permi: ['monitor:job:list'],
    activeMenu: '/monitor/job',
    page: lazy(() => import('../features/jobs/job-log-page.tsx')),
  },
];
