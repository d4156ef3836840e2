import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { login, startServer, waitUp } from './server-process.ts';

/**
 * Import of ROWS (default 10,000) defects from one .xlsx file into a fresh project, through the
 * real HTTP endpoint: upload, parse, check every row, write. Target: under 15 s.
 */
const ROWS = Number(process.env.IMPORT_ROWS ?? 10_000);

async function api(url: string, token: string, path: string, body: unknown) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', language: 'en_US' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string; data: Record<string, unknown> };
  if (json.code !== 200) throw new Error(`${path}: ${json.msg}`);
  return json.data;
}

async function sheet(rows: number, handler: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Defects');
  ws.addRow([
    'Type',
    'Title',
    'Level',
    'State',
    'Deliverable',
    'Version',
    'Handler',
    'Plan start',
    'Plan end',
    'Description',
  ]);
  for (let i = 1; i <= rows; i++) {
    ws.addRow([
      ['BUG', 'Task', 'Demand'][i % 3],
      `Imported defect ${i}: the checkout page fails`,
      ['Urgent', 'High', 'Middle', 'Low'][i % 4],
      ['Pending', 'Audit', 'Closed'][i % 3],
      i % 2 ? 'Shop/Cart' : 'Shop/支付',
      '2.1',
      handler,
      '2030-01-02',
      '2030-01-09 18:00',
      `Steps ${i}: open the cart, pay, see the error 支付失败`,
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function runDefectImport(): Promise<Record<string, string>> {
  const server = await startServer({ ADMIN_PASSWORD: 'bench-admin1' });
  try {
    await waitUp(server.url);
    const token = await login(server.url, 'admin', 'bench-admin1');
    if (!token) throw new Error('admin could not log in');
    const team = await api(server.url, token, '/system/team', {
      teamName: 'Import bench',
      teamIcon: '/profile/upload/bench.png',
    });
    const project = await api(server.url, token, '/system/project', {
      teamId: team.teamId,
      projectName: 'Imports',
    });
    const projectId = project.projectId as number;
    const [shop] = (await api(server.url, token, '/system/module', {
      projectId,
      batchModuleNames: ['Shop'],
    })) as unknown as { moduleId: number }[];
    await api(server.url, token, '/system/module', {
      projectId,
      modulePid: shop?.moduleId,
      batchModuleNames: ['Cart', '支付'],
    });
    const bytes = await sheet(ROWS, 'admin');
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'defects.xlsx');
    const t0 = performance.now();
    const res = await fetch(`${server.url}/system/defect/import?projectId=${projectId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, language: 'en_US' },
      body: form,
    });
    const body = (await res.json()) as { code: number; msg: string };
    const seconds = (performance.now() - t0) / 1000;
    if (body.code !== 200) throw new Error(`import: ${body.msg}`);
    return {
      [`import ${ROWS.toLocaleString('en')} rows (${(bytes.length / 1024).toFixed(0)} KB .xlsx): seconds`]:
        seconds.toFixed(2),
      'server answer': body.msg,
    };
  } finally {
    await server.stop();
  }
}
