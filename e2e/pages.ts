import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/**
 * Every page of the app for walks (the English one, the layout sweep): the pages the menus lead
 * to (/getRouters) and the web's fixed routes, parameters filled in.
 */
const STATIC_ROUTES = fileURLToPath(new URL('../packages/web/src/router/static-routes.ts', import.meta.url));
/** Fixed routes outside the guard, listed in the router itself (app-routes.tsx). */
export const GUEST_ROUTES = ['/login', '/register', '/401', '/404'];

export interface RouteRecord {
  path: string;
  children?: RouteRecord[];
}

/** Absolute paths of every page in /getRouters, hidden ones included (as the web's flattenRoutes). */
export function menuPaths(records: RouteRecord[], parent = ''): string[] {
  return records.flatMap((r) => {
    if (/^https?:/.test(r.path)) return [];
    const own = r.path.startsWith('/') ? r.path : `${parent}/${r.path}`;
    return r.children?.length ? menuPaths(r.children, own) : [own];
  });
}

/** The fixed routes of the web's route table, each parameter filled in with every value given. */
export function staticPaths(values: Record<string, string[]>): string[] {
  const source = fs.readFileSync(STATIC_ROUTES, 'utf8');
  return [...source.matchAll(/path: '([^']+)'/g)].flatMap(([, route = '']) => {
    const param = /:(\w+)/.exec(route)?.[1];
    if (!param) return [route];
    const options = values[param];
    if (!options?.length) throw new Error(`no value for :${param} of ${route}: add it to the walk`);
    return options.map((value) => route.replace(`:${param}`, value));
  });
}

/**
 * Counts a page's requests, so a walk can wait until none has been under way for a moment and
 * no spinner turns.
 */
export function settler(page: Page): () => Promise<void> {
  let inFlight = 0;
  page.on('request', () => inFlight++);
  page.on('requestfinished', () => inFlight--);
  page.on('requestfailed', () => inFlight--);
  return async () => {
    const deadline = Date.now() + 10_000;
    let quietSince = Date.now();
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - quietSince < 150)) {
      if (inFlight > 0) quietSince = Date.now();
      await page.waitForTimeout(25);
    }
    await page
      .locator('.ant-spin-spinning, .ant-skeleton-active')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => {});
  };
}

type Api = (token: string, method: string, path: string, body?: unknown) => Promise<unknown>;

/**
 * Every page the administrator can open: the menus' and the fixed routes, each parameter filled
 * in (a table taken into code generation so its edit page shows something; every dictionary's
 * data page, or the first one's only).
 */
export async function everyPage(api: Api, token: string, dictionaries: 'all' | 'one'): Promise<string[]> {
  const routers = ((await api(token, 'GET', '/getRouters')) as { data: RouteRecord[] }).data;
  const dicts = (await api(
    token,
    'GET',
    `/system/dict/type/list?pageSize=${dictionaries === 'all' ? 100 : 1}`,
  )) as {
    rows?: { dictId: number }[];
  };
  await api(token, 'POST', '/tool/gen/importTable?tables=sys_post');
  const gen = (await api(token, 'GET', '/tool/gen/list?tableName=sys_post')) as {
    rows?: { tableId: number }[];
  };
  const params = {
    userId: ['1'],
    roleId: ['2'],
    dictId: (dicts.rows ?? []).map((d) => String(d.dictId)),
    // The log of every job (0): the page a job's log link opens, here with no job chosen.
    jobId: ['0'],
    tableId: (gen.rows ?? []).map((r) => String(r.tableId)),
  };
  return [...new Set([...staticPaths(params), ...menuPaths(routers)])];
}
