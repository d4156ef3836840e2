import { describe, expect, it } from 'vitest';
import { DeliveryError, failureRecord, failureText } from './delivery-failure.ts';

describe('stored delivery failures', () => {
  it('keep words of ours by their key and read them in either language', () => {
    const stored = failureRecord(new DeliveryError('notice.delivery.ding-refused', ['a | b, "quoted"']));
    expect(stored).toBe('["notice.delivery.ding-refused","a | b, \\"quoted\\""]');
    expect(failureText('en_US', stored)).toBe('DingTalk refused the message: a | b, "quoted"');
    expect(failureText('zh_CN', stored)).toBe('钉钉拒绝了这条消息：a | b, "quoted"');
    expect(failureRecord(new DeliveryError('notice.delivery.no-mail-server'))).toBe(
      'notice.delivery.no-mail-server',
    );
  });

  it('fit the column, however long the platform’s words', () => {
    const stored = failureRecord(
      new DeliveryError('notice.delivery.wechat-refused', ['\u0001'.repeat(5000)]),
    );
    expect(stored.length).toBeLessThanOrEqual(1000);
    const text = failureText('en_US', stored);
    expect(text.startsWith('WeCom refused the message: \u0001')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
  });

  it('keep what someone else said as it came', () => {
    const smtp = new Error('Invalid login: 535 5.7.8 Authentication failed');
    expect(failureText('zh_CN', failureRecord(smtp))).toBe(smtp.message);
    for (const text of ['constructor', '[1,2]', '["no.such.key"]', '[not json'])
      expect(failureText('zh_CN', text)).toBe(text);
  });
});
