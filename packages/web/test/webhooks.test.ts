import { WEBHOOK_EVENTS, webhookCreateBody, webhookUpdateBody } from '@buglet/contracts';
import { describe, expect, it } from 'vitest';
import {
  deliveryStateColor,
  deliveryStateKey,
  eventLabelKey,
  eventsSummary,
  generateSecret,
  SECRET_LENGTH,
  webhookBody,
  webhookUrlProblem,
} from '../src/features/project-api/webhook-rules.ts';
import enUS from '../src/locales/en_US.json';
import zhCN from '../src/locales/zh_CN.json';

const locales = [enUS, zhCN] as Record<string, string>[];

describe('webhooks in the web client', () => {
  it('checks the address as the contract does, naming an empty one apart', () => {
    expect(webhookUrlProblem(undefined)).toBe('webhook.url.required');
    expect(webhookUrlProblem('   ')).toBe('webhook.url.required');
    for (const url of [
      'https://hooks.example.com/x?a=1',
      'http://10.0.0.5:8080',
      ' HTTPS://Example.com/p ',
    ]) {
      expect(webhookUrlProblem(url)).toBeUndefined();
      expect(webhookCreateBody.safeParse({ projectId: 1, webhookUrl: url }).success).toBe(true);
    }
    const tooLong = `https://example.com/${'a'.repeat(1024)}`;
    for (const url of [
      'ftp://example.com/hook',
      'example.com/hook',
      'https://',
      'https:// spaced.com',
      tooLong,
    ]) {
      expect(webhookUrlProblem(url)).toBe('webhook.url.invalid');
      expect(webhookCreateBody.safeParse({ projectId: 1, webhookUrl: url }).success).toBe(false);
    }
  });

  it('makes secrets of 32 letters and digits, each character equally likely', () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(SECRET_LENGTH).toBe(32);
    expect(generateSecret()).not.toBe(secret);

    // Bytes 248..255 would favour the first letters, so they are drawn again.
    let call = 0;
    const fill = (bytes: Uint8Array) => {
      // First draw: one 'A', the rest refused; then nothing but '9'.
      bytes.fill(call === 0 ? 255 : 61);
      if (call++ === 0) bytes[0] = 0;
      return bytes;
    };
    expect(generateSecret(4, fill)).toBe('A999');
  });

  it('sends events in the contract order, an empty remark as null, and the secret only when typed', () => {
    const body = webhookBody({
      webhookUrl: ' https://example.com/hook ',
      secret: '',
      events: ['report.pushed', 'bogus', 'defect.created'],
      enabled: false,
      remark: '  ',
    });
    expect(body).toEqual({
      webhookUrl: 'https://example.com/hook',
      events: ['defect.created', 'report.pushed'],
      enabled: false,
      remark: null,
    });
    expect(webhookUpdateBody.safeParse({ webhookId: 1, ...body }).success).toBe(true);

    const withSecret = webhookBody({ webhookUrl: 'https://example.com', secret: ' s3 ', enabled: true });
    expect(withSecret).toEqual({
      webhookUrl: 'https://example.com',
      secret: ' s3 ',
      events: [],
      enabled: true,
      remark: null,
    });
    expect(webhookCreateBody.safeParse({ projectId: 1, ...withSecret }).success).toBe(true);
  });

  it('summarises events, none or only unknown ones being all', () => {
    expect(eventsSummary([])).toBe('all');
    expect(eventsSummary(['nonsense'])).toBe('all');
    expect(eventsSummary(['report.pushed', 'defect.created'])).toEqual(['defect.created', 'report.pushed']);
  });

  it('labels every event and delivery state in both languages, and leaves unknown ones as they came', () => {
    for (const event of [...WEBHOOK_EVENTS, 'ping']) {
      const key = eventLabelKey(event);
      expect(key).toBe(`webhook.event.${event}`);
      for (const locale of locales) expect(locale[key ?? '']).toBeTruthy();
    }
    expect(eventLabelKey('defect.deleted')).toBeUndefined();
    for (const state of ['pending', 'sending', 'sent', 'failed']) {
      const key = deliveryStateKey(state);
      for (const locale of locales) expect(locale[key ?? '']).toBeTruthy();
    }
    expect(deliveryStateKey('lost')).toBeUndefined();
    expect(deliveryStateColor('sent')).toBe('success');
    expect(deliveryStateColor('failed')).toBe('error');
    expect(deliveryStateColor('lost')).toBe('default');
  });
});
