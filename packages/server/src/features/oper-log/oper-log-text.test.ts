import { BUSINESS_TYPE } from '@buglet/contracts';
import { describe, expect, it } from 'vitest';
import { businessTypeOf, moduleOf, modulesNamed } from './oper-log-rules.ts';
import { envelopeOf, formFields, maskedJson, maskedJsonText } from './oper-log-text.ts';

describe('maskedJson', () => {
  it('masks every field named like a secret, at any depth, and nothing else', () => {
    const body = {
      userName: 'ann',
      password: 'p1',
      nested: { oldPwd: 'p2', list: [{ apiKey: 'k', token: 't', name: 'x' }], mailConfig: { secret: 's' } },
      Authorization: 'Bearer x',
      ticket: 'abc',
      key: 'raw',
      configKey: 'sys.index.skinName',
      roleKey: 'admin',
    };
    expect(JSON.parse(maskedJson(body))).toEqual({
      userName: 'ann',
      password: '******',
      nested: {
        oldPwd: '******',
        list: [{ apiKey: '******', token: '******', name: 'x' }],
        mailConfig: { secret: '******' },
      },
      Authorization: '******',
      ticket: '******',
      key: '******',
      configKey: 'sys.index.skinName',
      roleKey: 'admin',
    });
  });

  it('masks a secret whose value is an object whole', () => {
    expect(maskedJson({ credentials: { user: 'u', pass: 'p' } })).toBe('{"credentials":"******"}');
  });

  it('stops writing at the limit, however large the body', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => ({ n: i, password: `p${i}` }));
    const text = maskedJson(rows, 2000);
    expect(text).toHaveLength(2000);
    expect(text).not.toMatch(/"p\d+"/);
  });

  it('writes scalars and empty values as JSON', () => {
    expect(maskedJson(null)).toBe('null');
    expect(maskedJson([1, 'a', true])).toBe('[1,"a",true]');
    expect(maskedJson({ a: undefined, b: 1 })).toBe('{"b":1}');
  });
});

describe('maskedJsonText', () => {
  it('parses an answer and masks its secret members', () => {
    const answer = JSON.stringify({ code: 200, data: { apiKey: 'live-key', apiId: 'live' } });
    expect(JSON.parse(maskedJsonText(answer))).toEqual({
      code: 200,
      data: { apiKey: '******', apiId: 'live' },
    });
  });

  it('masks a large answer by pattern, also a secret cut short at the end of what is kept', () => {
    const filler = 'x'.repeat(70 * 1024);
    const answer = `{"code":200,"msg":"ok","token":"secret-one","data":{"note":"${'y'.repeat(3900)}","apiKey":"secret-two-${'z'.repeat(200)}"},"filler":"${filler}"}`;
    const text = maskedJsonText(answer, 2000);
    expect(text.length).toBeLessThanOrEqual(2000);
    expect(text).toContain('"token":"******"');
    expect(text).not.toContain('secret-one');
    // The key sits past the window of 4,000 characters read from a large answer: never shown.
    expect(text).not.toContain('secret-two');
    const cut = `{"code":200,"pass":"${'s'.repeat(5000)}"}${filler}`;
    expect(maskedJsonText(cut, 2000)).toBe('{"code":200,"pass":"******"');
  });

  it('keeps text that is not JSON, cut at the limit', () => {
    expect(maskedJsonText('plain answer')).toBe('plain answer');
  });
});

describe('formFields and envelopeOf', () => {
  it('reads form text with secrets masked', () => {
    expect(formFields('a=1&password=x&b=two')).toEqual({ a: '1', password: '******', b: 'two' });
  });

  it('reads the business code and message of an envelope', () => {
    expect(envelopeOf('{"code":500,"msg":"Name is \\"taken\\"","data":1}')).toEqual({
      code: 500,
      msg: 'Name is "taken"',
    });
    expect(envelopeOf('{"code":200}')).toEqual({ code: 200, msg: null });
    expect(envelopeOf('PK\u0003\u0004')).toBeUndefined();
  });
});

describe('businessTypeOf and moduleOf', () => {
  it('files requests as the original does', () => {
    expect(businessTypeOf('POST', '/system/user')).toBe(BUSINESS_TYPE.insert);
    expect(businessTypeOf('PUT', '/system/user')).toBe(BUSINESS_TYPE.update);
    expect(businessTypeOf('DELETE', '/system/user/:userIds')).toBe(BUSINESS_TYPE.delete);
    expect(businessTypeOf('PUT', '/system/user/authRole')).toBe(BUSINESS_TYPE.grant);
    expect(businessTypeOf('PUT', '/system/role/authUser/selectAll')).toBe(BUSINESS_TYPE.grant);
    expect(businessTypeOf('POST', '/system/user/export')).toBe(BUSINESS_TYPE.export);
    expect(businessTypeOf('POST', '/system/user/importData')).toBe(BUSINESS_TYPE.import);
    expect(businessTypeOf('DELETE', '/monitor/online/:tokenId')).toBe(BUSINESS_TYPE.force);
    expect(businessTypeOf('DELETE', '/monitor/operlog/clean')).toBe(BUSINESS_TYPE.clean);
    expect(businessTypeOf('DELETE', '/system/dict/type/refreshCache')).toBe(BUSINESS_TYPE.clean);
    expect(businessTypeOf('DELETE', '/monitor/cache/clearCacheAll')).toBe(BUSINESS_TYPE.clean);
    expect(businessTypeOf('GET', '/tool/gen/download/:tableName')).toBe(BUSINESS_TYPE.gencode);
    expect(businessTypeOf('GET', '/monitor/logininfor/unlock/:userName')).toBe(BUSINESS_TYPE.other);
  });

  it('leaves out reads, the login log’s requests and presence pings', () => {
    expect(businessTypeOf('GET', '/system/user/list')).toBeUndefined();
    expect(businessTypeOf('POST', '/login')).toBeUndefined();
    expect(businessTypeOf('POST', '/logout')).toBeUndefined();
    expect(businessTypeOf('POST', '/system/defect/:defectId/close-edit-window')).toBeUndefined();
  });

  it('names modules by route group and finds them by name in both languages', () => {
    expect(moduleOf('/system/defect/:defectId')).toBe('system/defect');
    expect(moduleOf('/api/defect')).toBe('api');
    expect(moduleOf('/system/user/profile/avatar')).toBe('system/user/profile');
    const known = ['system/defect', 'system/user', 'api'];
    expect(modulesNamed('缺陷', known)).toEqual(['system/defect']);
    expect(modulesNamed('open', known)).toEqual(['api']);
    expect(modulesNamed('USER', known)).toEqual(['system/user']);
  });
});
