import { runAbuse } from './abuse.bench.ts';
import { runCaseList } from './case-list.bench.ts';
import { runCustomFieldFilter } from './custom-field-filter.bench.ts';
import { runDefectBulk } from './defect-bulk.bench.ts';
import { runDefectCreate } from './defect-create.bench.ts';
import { runDefectImport } from './defect-import.bench.ts';
import { runDefectList } from './defect-list.bench.ts';
import { runFirstPage } from './first-page.bench.ts';
import { runHomeDashboard } from './home-dashboard.bench.ts';
import { runJUnitImport } from './junit-import.bench.ts';
import { runNoticeArrival } from './notice-arrival.bench.ts';
import { runNoticeFanout } from './notice-fanout.bench.ts';
import { runOperLog } from './oper-log.bench.ts';
import { runPostgresBesideSqlite } from './pg-beside-sqlite.bench.ts';
import { runPlanRun } from './plan-run.bench.ts';
import { runProjectList } from './project-list.bench.ts';
import { runRealtimeReport } from './realtime-report.bench.ts';
import { runReportPush } from './report-push.bench.ts';
import { runStartup } from './startup.bench.ts';
import { runThroughput } from './throughput.bench.ts';
import { runWebBundle } from './web-bundle.bench.ts';

/** Runs every benchmark in turn and prints its figures (SQLite, the default database). */
const benches: Array<[string, () => Promise<Record<string, string>>]> = [
  ['start-up and memory', runStartup],
  ['throughput', runThroughput],
  ['project list: 1,000 projects, 10,000 people in one team', runProjectList],
  ['defect list and keyword search: one project, DEFECTS (default 1,000,000) defects', runDefectList],
  ['PostgreSQL beside SQLite: the same reads in turn, DEFECTS defects', runPostgresBesideSqlite],
  ['defect creates: one after another over HTTP', runDefectCreate],
  ['defect import from Excel', runDefectImport],
  ['bulk close: 1,000 defects in one request, on SQLite and PostgreSQL', runDefectBulk],
  ['custom fields: the list with two custom-field filters at DEFECTS defects', runCustomFieldFilter],
  ['notices: 1,000 sockets, one notice to every member of a project', runNoticeFanout],
  ['notice arrival: an assigned defect in Chromium, a notice across two processes', runNoticeArrival],
  ['test cases: the list at 100,000 cases in one project', runCaseList],
  ['realtime report: 100,000 defects and 10,000 cases', runRealtimeReport],
  ['Open API: 100 test tools pushing reports of 20 defects', runReportPush],
  ['CI results: a JUnit report of 1,000 tests into a plan', runJUnitImport],
  ['test plans: a plan of ITEMS (default 10,000) items over DEFECTS (default 1,000,000) defects', runPlanRun],
  ['home dashboard: one person in a project of 1,000,000 defects', runHomeDashboard],
  ['operation log: what recording a write adds to the request', runOperLog],
  ['sign-in page: the JavaScript a first visit to #/login loads', runWebBundle],
  ['first page: the sign-in page and the home page after signing in, in Chromium', runFirstPage],
  ['abuse: a sign-in flood and a decompression bomb', runAbuse],
];

// `npm run bench -- import` runs only the benchmarks whose name contains "import".
const only = process.argv[2]?.toLowerCase();
for (const [name, run] of benches.filter(([n]) => !only || n.toLowerCase().includes(only))) {
  const figures = await run();
  console.log(`\n== ${name}`);
  for (const [label, value] of Object.entries(figures)) console.log(`${label.padEnd(66)} ${value}`);
}
