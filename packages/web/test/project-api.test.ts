import {
  API_CAPABILITIES,
  API_ID_LENGTH,
  API_KEY_HEADER,
  API_KEY_PATTERN,
  API_NAME_MAX,
  API_WHITE_LIST_MAX,
  type ApiArea,
  projectApiCreateBody,
  reportPushBody,
} from '@buglet/contracts';
import { describe, expect, it } from 'vitest';
import {
  API_AREAS,
  actionLabelKey,
  apiNameProblem,
  areaLabelKey,
  capabilitySummary,
  checksFromFeatures,
  curlExample,
  emptyChecks,
  featuresFromChecks,
  hasAnyCheck,
  isExpired,
  maskedKey,
  whiteListProblem,
} from '../src/features/project-api/project-api-rules.ts';
import enUS from '../src/locales/en_US.json';
import zhCN from '../src/locales/zh_CN.json';

const KEY = '20250131120000AB12CD34EF56GH78';
const bodyWith = (extra: Record<string, unknown>) =>
  projectApiCreateBody.safeParse({ projectId: 1, apiName: 'CI', ...extra });

describe('project API keys in the web client', () => {
  it('turns features into the dialog ticks and back, null or nothing listed being all', () => {
    expect(checksFromFeatures(null)).toEqual({ isAll: true, checks: emptyChecks() });
    expect(checksFromFeatures({})).toEqual({ isAll: true, checks: emptyChecks() });
    expect(checksFromFeatures({ defect: [] }).isAll).toBe(true);

    const { isAll, checks } = checksFromFeatures({
      defect: ['close', 'list', 'nonsense'],
      report: ['push'],
      x: ['y'],
    });
    expect(isAll).toBe(false);
    // Contract order, unknown actions and areas dropped.
    expect(checks.defect).toEqual(['list', 'close']);
    expect(checks.report).toEqual(['push']);
    expect(checks.case).toEqual([]);
    expect(Object.keys(checks)).toEqual(API_AREAS);

    expect(featuresFromChecks(true, checks)).toBeNull();
    expect(featuresFromChecks(false, checks)).toEqual({ defect: ['list', 'close'], report: ['push'] });
    expect(featuresFromChecks(false, { file: ['upload', 'bogus'], case: [] })).toEqual({ file: ['upload'] });
  });

  it('sends features the contract accepts for every single capability', () => {
    for (const area of API_AREAS) {
      for (const action of API_CAPABILITIES[area]) {
        const features = featuresFromChecks(false, { [area]: [action] });
        expect(features).toEqual({ [area]: [action] });
        expect(bodyWith({ features }).success).toBe(true);
        expect(checksFromFeatures(features).checks[area]).toEqual([action]);
      }
    }
    expect(bodyWith({ features: featuresFromChecks(true, emptyChecks()) }).success).toBe(true);
  });

  it('knows whether anything is ticked', () => {
    expect(hasAnyCheck(emptyChecks())).toBe(false);
    expect(hasAnyCheck({ project: ['info'] })).toBe(true);
  });

  it('summarises capabilities for the list', () => {
    expect(capabilitySummary(null)).toBe('all');
    expect(capabilitySummary({ report: [] })).toBe('all');
    expect(capabilitySummary({ report: ['push'], defect: ['query', 'list'] })).toEqual([
      { area: 'defect', actions: ['list', 'query'] },
      { area: 'report', actions: ['push'] },
    ]);
  });

  it('masks a key down to its public id, at the length of a whole key', () => {
    const apiId = KEY.slice(0, API_ID_LENGTH);
    const masked = maskedKey(apiId);
    expect(masked.startsWith(apiId)).toBe(true);
    expect(masked.slice(API_ID_LENGTH)).toMatch(/^•+$/);
    expect(API_KEY_PATTERN.test(KEY)).toBe(true);
    expect(masked).toHaveLength(KEY.length);
  });

  it('checks the name with the contract own messages', () => {
    expect(apiNameProblem('Nightly')).toBeUndefined();
    expect(apiNameProblem('')).toBe('api.name.required');
    expect(apiNameProblem('   ')).toBe('api.name.required');
    expect(apiNameProblem(undefined)).toBe('api.name.required');
    expect(apiNameProblem('x'.repeat(API_NAME_MAX))).toBeUndefined();
    expect(apiNameProblem(`  ${'x'.repeat(API_NAME_MAX)}  `)).toBeUndefined();
    expect(apiNameProblem('x'.repeat(API_NAME_MAX + 1))).toBe('api.name.too-long');
  });

  it('names the first bad white-list entry and agrees with the contract on each', () => {
    const samples = [
      '10.0.0.1',
      ' 192.168.1.0/24 ',
      '2001:db8::/32',
      '::1',
      '0.0.0.0/0',
      '10.0.0.256',
      '10.0.0.0/33',
      'example.com',
      '10.0.0.1/8/1',
      '2001:db8::/129',
      '',
    ];
    for (const entry of samples) {
      const isAccepted = whiteListProblem([entry]) === undefined;
      expect(isAccepted, entry).toBe(bodyWith({ whiteList: [entry] }).success);
    }
    expect(whiteListProblem(['10.0.0.1', 'nope', 'bad too'])).toEqual({
      key: 'api.white-list.bad-entry',
      entry: 'nope',
    });
    const many = Array.from(
      { length: API_WHITE_LIST_MAX + 1 },
      (_, i) => `10.0.${Math.floor(i / 250)}.${i % 250}`,
    );
    expect(whiteListProblem(many)).toEqual({ key: 'api.white-list.too-many', max: API_WHITE_LIST_MAX });
    expect(bodyWith({ whiteList: many }).success).toBe(false);
    expect(whiteListProblem(many.slice(1))).toBeUndefined();
  });

  it('calls a key expired as the server does: its time before now', () => {
    const now = new Date(2025, 0, 31, 12, 0, 0);
    expect(isExpired(null, now)).toBe(false);
    expect(isExpired('2025-01-31 11:59:59', now)).toBe(true);
    expect(isExpired('2025-01-31 12:00:00', now)).toBe(false);
    expect(isExpired('2025-01-31 23:59:59', now)).toBe(false);
    expect(isExpired('2025-01-30', now)).toBe(true);
  });

  it('gives a curl command that pushes a report the contract accepts', () => {
    const curl = curlExample('https://bugs.example.com', KEY);
    expect(curl.startsWith('curl -X POST https://bugs.example.com/prod-api/api/report/defect')).toBe(true);
    expect(curl).toContain(`-H '${API_KEY_HEADER}: ${KEY}'`);
    expect(curl).toContain(`-H 'Content-Type: application/json'`);
    // Every line but the last continues the command.
    const lines = curl.split('\n');
    expect(lines.slice(0, -1).every((line) => line.endsWith(' \\'))).toBe(true);
    const body = /-d '([^']*)'$/.exec(curl)?.[1];
    const parsed = reportPushBody.safeParse(JSON.parse(body ?? 'null'));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.reportData?.[0]?.defectName).toBe('Login fails');
  });

  it('has a label in both languages for every area and action', () => {
    const keys = API_AREAS.flatMap((area: ApiArea) => [
      areaLabelKey(area),
      ...API_CAPABILITIES[area].map(actionLabelKey),
    ]);
    const missing = keys.filter((key) => !(key in zhCN) || !(key in enUS));
    expect(missing).toEqual([]);
  });
});
