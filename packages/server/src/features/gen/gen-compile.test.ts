import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, isPostgres, type Json, type TestApp } from '../../../test/test-app.ts';
import { installErrorHandling } from '../../http/error-handler.ts';
import { type AppDeps, createRouter, type Router } from '../../http/route.ts';
import { createGadgetTable } from './test-tables.ts';

/**
 * The generated code is compiled as it would be in the repository: written into a folder inside
 * it (so packages and relative imports resolve; `rootDirs` lays the folder over the repository's
 * own tree), then type-checked with the repository's compiler settings and linted with Biome.
 */
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const TMP = path.join(REPO, 'packages/server/.gen-check-tmp', randomBytes(4).toString('hex'));

let t: TestApp;
let admin: string;
const files: Record<string, string> = {};

const api = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Json) =>
  (await t.call({ method, url, token: admin, lang: 'en_US', ...(payload ? { payload } : {}) })).body;

/** Sets columns of an imported table through the edit route, as the edit page would. */
async function configure(tableId: number, changes: Record<string, Json>) {
  const detail = (await api('GET', `/tool/gen/${tableId}`)).data;
  const columns = (detail.rows as Json[]).map((c) => ({ ...c, ...changes[c.columnName] }));
  const saved = await api('PUT', '/tool/gen', { ...detail.info, columns });
  expect(saved).toMatchObject({ code: 200 });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await createGadgetTable(t.db);
  const imported = await api('POST', '/tool/gen/importTable?tables=biz_gadget,sys_notice,sys_config');
  expect(imported).toMatchObject({ code: 200 });
  const { rows } = await api('GET', '/tool/gen/list');
  const idOf = (name: string) => (rows as Json[]).find((r) => r.tableName === name)?.tableId as number;
  // Every kind of control: dictionary select, radio and checkboxes, a flag, a date range, numbers.
  await configure(idOf('biz_gadget'), {
    gadget_type: { htmlType: 'select', dictType: 'sys_yes_no', isQuery: '1' },
    status: { htmlType: 'radio', dictType: 'sys_normal_disable', isQuery: '1' },
    colours: { htmlType: 'checkbox', dictType: 'sys_show_hide' },
    price: { isQuery: '1', queryType: 'GTE' },
    is_active: { isQuery: '1', isList: '1' },
    delivery_date: { isQuery: '1', queryType: 'BETWEEN' },
    remark: { htmlType: 'editor' },
  });
  await configure(idOf('sys_notice'), { notice_type: { dictType: 'sys_notice_type', htmlType: 'select' } });
  for (const name of ['biz_gadget', 'sys_notice', 'sys_config']) {
    const preview = await api('GET', `/tool/gen/preview/${idOf(name)}`);
    expect(preview.code).toBe(200);
    Object.assign(files, preview.data);
  }
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(TMP, name)), { recursive: true });
    fs.writeFileSync(path.join(TMP, name), text);
  }
}, 60_000);

afterAll(async () => {
  // GEN_CHECK_KEEP=1 leaves the files to read (the folder is ignored by git).
  if (!process.env.GEN_CHECK_KEEP) fs.rmSync(TMP, { recursive: true, force: true });
  const parent = path.dirname(TMP);
  if (fs.existsSync(parent) && fs.readdirSync(parent).length === 0) fs.rmSync(parent, { recursive: true });
  await t?.close();
});

const generated = (pattern: RegExp) =>
  Object.keys(files)
    .filter((name) => pattern.test(name))
    .map((name) => path.join(TMP, name));

/** The repository's settings (tsconfig.base.json and the package's own), with the folder laid over the tree. */
function compile(rootNames: string[], packageOptions: ts.CompilerOptions): string[] {
  const base = ts.readConfigFile(path.join(REPO, 'tsconfig.base.json'), ts.sys.readFile);
  const { options } = ts.convertCompilerOptionsFromJson(base.config.compilerOptions, REPO);
  const program = ts.createProgram(rootNames, {
    ...options,
    ...packageOptions,
    rootDirs: [REPO, TMP],
    paths: {
      '@buglet/contracts/*': [
        path.join(TMP, 'packages/contracts/src/*'),
        path.join(REPO, 'packages/contracts/src/*'),
      ],
    },
  });
  for (const name of rootNames) expect(program.getSourceFile(name), name).toBeDefined();
  // Only the generated files are judged: the rest of the tree is checked by its own tsc run.
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => !d.file || d.file.fileName.startsWith(TMP))
    .map((d) => {
      const where = d.file
        ? `${path.relative(TMP, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
        : '';
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
}

describe('the generated code', () => {
  it('writes the contract, repository, routes, menus, web api, list page and dialog of each table', () => {
    for (const base of ['biz-gadget', 'notice', 'config']) {
      expect(Object.keys(files)).toEqual(
        expect.arrayContaining([
          `packages/contracts/src/${base}.ts`,
          `packages/server/src/features/${base}/${base}.repository.ts`,
          `packages/server/src/features/${base}/${base}.routes.ts`,
          `packages/server/src/features/${base}/${base}.menus.ts`,
          `packages/web/src/features/${base}/${base}.api.ts`,
          `packages/web/src/features/${base}/${base}-list-page.tsx`,
          `packages/web/src/features/${base}/${base}-dialog.tsx`,
        ]),
      );
    }
  });

  it('type-checks on the server side with zero errors', () => {
    const roots = generated(/^packages\/(contracts|server)\/.*\.ts$/);
    expect(roots.length).toBe(12);
    expect(compile(roots, { types: ['node'] })).toEqual([]);
  }, 240_000);

  it('type-checks on the web side with zero errors', () => {
    const roots = generated(/^packages\/web\/.*\.tsx?$/);
    expect(roots.length).toBe(9);
    const web = {
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      jsx: ts.JsxEmit.ReactJSX,
      types: ['vite/client'],
    };
    expect(compile(roots, web)).toEqual([]);
  }, 240_000);

  it('passes the repository lint rules and is formatted as its code is', async () => {
    const run = promisify(execFile);
    const biome = path.join(REPO, 'node_modules/.bin/biome');
    const result = await run(biome, ['check', '--max-diagnostics=50', TMP], { cwd: REPO }).catch(
      (error: { stdout: string; stderr: string }) => error,
    );
    expect(`${result.stdout}${result.stderr}`).toMatch(/Checked \d+ files?/);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/Found \d+ (error|warning)/);
  }, 60_000);
});

/**
 * The generated server code run for real: its imports pointed at the modules they name (the
 * type-check above proved they resolve in place), its routes registered on a Fastify app through
 * the router, and every route called on the test database.
 */
describe('the generated routes at work', () => {
  const RUN = path.join(TMP, 'run');
  let app: ReturnType<typeof Fastify>;
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json) => {
    const res = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${admin}`, language: 'en_US' },
      ...(payload ? { payload } : {}),
    });
    return res.headers['content-type']?.includes('json') ? (res.json() as Json) : { raw: res };
  };

  beforeAll(async () => {
    const sources: Record<string, string> = {
      'contracts.ts': 'packages/contracts/src/biz-gadget.ts',
      'repository.ts': 'packages/server/src/features/biz-gadget/biz-gadget.repository.ts',
      'routes.ts': 'packages/server/src/features/biz-gadget/biz-gadget.routes.ts',
    };
    fs.mkdirSync(RUN, { recursive: true });
    for (const [target, source] of Object.entries(sources)) {
      const text = (files[source] ?? '')
        .replaceAll("'../../", `'${REPO}/packages/server/src/`)
        .replace("'./envelope.ts'", `'${REPO}/packages/contracts/src/envelope.ts'`)
        .replace("'@buglet/contracts/biz-gadget'", `'${RUN}/contracts.ts'`)
        .replace("'./biz-gadget.repository.ts'", `'${RUN}/repository.ts'`);
      fs.writeFileSync(path.join(RUN, target), text);
    }
    const generatedRoutes = (await import(pathToFileURL(path.join(RUN, 'routes.ts')).href)) as {
      registerBizGadgetRoutes: (r: Router) => void;
    };
    app = Fastify();
    installErrorHandling(app);
    // The generated routes use the database only; the app's sockets and outbox are not theirs.
    const deps = { db: t.db, config: t.config, events: t.events } as unknown as AppDeps;
    generatedRoutes.registerBizGadgetRoutes(createRouter(app, deps));
    await app.ready();
  });
  afterAll(async () => app?.close());

  it('adds, lists with every kind of filter, reads, edits, exports and deletes rows', async () => {
    // A flag is a boolean on PostgreSQL; SQLite has none and keeps 0 and 1.
    const yes = isPostgres() ? true : 1;
    const add = (body: Json) => call('POST', '/system/bizGadget', body);
    const first = await add({
      gadgetName: 'Red lamp',
      weight: 3,
      gadgetType: 'Y',
      price: 9.5,
      isActive: yes,
    });
    expect(first).toMatchObject({ code: 200, data: { gadgetId: expect.any(Number) } });
    await add({ gadgetName: 'Blue chair', weight: 12, status: '1', deliveryDate: '2026-03-01 10:00:00' });
    expect(await add({ weight: 1 })).toEqual({ code: 500, msg: expect.stringContaining('gadgetName') });
    expect(await add({ gadgetName: 'x', weight: 'heavy' })).toEqual({
      code: 500,
      msg: expect.stringContaining('weight'),
    });

    const list = async (query: string) => (await call('GET', `/system/bizGadget/list?${query}`)) as Json;
    const names = async (query: string) => ((await list(query)).rows as Json[]).map((r) => r.gadgetName);
    expect(await list('')).toMatchObject({ code: 200, total: 2 });
    expect(await names('gadgetName=LAMP')).toEqual(['Red lamp']);
    expect(await names('gadgetType=Y')).toEqual(['Red lamp']);
    expect(await names('status=1')).toEqual(['Blue chair']);
    expect(await names('price=9')).toEqual(['Red lamp']);
    expect(await names(`isActive=${yes}`)).toEqual(['Red lamp']);
    expect(await names('params[beginTime]=2026-03-01&params[endTime]=2026-03-01')).toEqual(['Blue chair']);
    expect(await names('pageSize=1')).toEqual(['Blue chair']);

    const id = first.data.gadgetId as number;
    const one = await call('GET', `/system/bizGadget/${id}`);
    expect(one.data).toMatchObject({
      gadgetName: 'Red lamp',
      status: '0',
      price: 9.5,
      isActive: yes,
      createBy: 'admin',
    });
    expect(one.data.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const edited = await call('PUT', '/system/bizGadget', { ...one.data, gadgetName: 'Green lamp' });
    expect(edited).toMatchObject({ code: 200 });
    expect((await call('GET', `/system/bizGadget/${id}`)).data).toMatchObject({
      gadgetName: 'Green lamp',
      updateBy: 'admin',
    });
    expect(await call('PUT', '/system/bizGadget', { ...one.data, gadgetId: 99999 })).toEqual({
      code: 500,
      msg: 'The resource does not exist: 99999',
    });

    const exported = (await call('POST', '/system/bizGadget/export?status=0')) as { raw: { headers: Json } };
    expect(exported.raw.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );

    const all = ((await list('')).rows as Json[]).map((r) => r.gadgetId).join(',');
    expect(await call('DELETE', `/system/bizGadget/${all}`)).toMatchObject({
      code: 200,
      data: { removed: 2 },
    });
    expect(await list('')).toMatchObject({ total: 0 });
  });
});
