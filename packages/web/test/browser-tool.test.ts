import type { EvidenceEntry } from '@buglet/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { proxyAddress } from '../src/features/browser/browser.api.ts';
import {
  type CaptureFacts,
  defectDescription,
  evidenceText,
  HISTORY_KEY,
  isScreenshot,
  normalizeAddress,
  paneMessageOf,
  parsePixels,
  readHistory,
  rememberAddress,
  scaleOf,
} from '../src/features/browser/browser-pane-rules.ts';
import i18n from '../src/lib/i18n.ts';

const t = (key: string, values?: Record<string, unknown>) => i18n.getFixedT('en_US')(key, values);

const evidence: EvidenceEntry[] = [
  { kind: 'console', message: 'Cart total is NaN', at: 120 },
  { kind: 'fetch', message: 'GET http://shop.test/api/cart -> 404', at: 480 },
  { kind: 'resource', message: 'img http://shop.test/logo.png', at: 510 },
  { kind: 'error', message: 'TypeError: x is undefined (http://shop.test/app.js:3:9)', at: 1500 },
];
const facts: CaptureFacts = {
  url: 'http://shop.test/cart',
  title: 'Cart',
  size: { width: 393, height: 852 },
  paneSize: { width: 900, height: 700 },
  sizeName: 'iPhone 15 Pro',
  zoom: 100,
  userAgent: 'Mozilla/5.0 Test',
  capturedAt: new Date('2026-11-25T08:00:00Z'),
  evidence,
};

describe('the browser tool', () => {
  beforeEach(() => localStorage.clear());

  it('adds https:// to an address typed without a scheme, and keeps the others as typed', () => {
    expect(normalizeAddress('  shop.test/cart ')).toBe('https://shop.test/cart');
    expect(normalizeAddress('http://localhost:5173/')).toBe('http://localhost:5173/');
    expect(normalizeAddress('file:///etc/passwd')).toBe('file:///etc/passwd');
    expect(normalizeAddress('   ')).toBeUndefined();
  });

  it('keeps the address history newest first, each address once, in the original’s key', () => {
    rememberAddress('https://a.test/');
    rememberAddress('https://b.test/');
    expect(rememberAddress('https://a.test/')).toEqual(['https://a.test/', 'https://b.test/']);
    expect(JSON.parse(localStorage.getItem(HISTORY_KEY) ?? '')).toEqual([
      'https://a.test/',
      'https://b.test/',
    ]);
    localStorage.setItem(HISTORY_KEY, '{broken');
    expect(readHistory()).toEqual([]);
    for (let i = 0; i < 40; i++) rememberAddress(`https://${i}.test/`);
    expect(readHistory()).toHaveLength(30);
  });

  it('zooms by the chosen percent, or fits the device into the pane without enlarging it', () => {
    const pane = { width: 800, height: 600 };
    expect(scaleOf(50, { width: 393, height: 852 }, pane)).toBe(0.5);
    expect(scaleOf('fit', { width: 393, height: 852 }, pane)).toBeCloseTo(600 / 852);
    expect(scaleOf('fit', { width: 1920, height: 1080 }, pane)).toBeCloseTo(800 / 1920);
    expect(scaleOf('fit', { width: 300, height: 300 }, pane)).toBe(1);
  });

  it('takes whole pixels from 50 to 10000 as a width or height', () => {
    expect(parsePixels('390')).toBe(390);
    expect(['abc', '10', '20000', '3.5', '-390', ''].map(parsePixels).every((v) => v === undefined)).toBe(
      true,
    );
  });

  it('hears only the pane’s messages, and takes only a PNG as a screenshot', () => {
    expect(paneMessageOf({ source: 'buglet-pane', type: 'start', url: 'x' })).toBeTruthy();
    expect(paneMessageOf({ source: 'other', type: 'start' })).toBeUndefined();
    expect(paneMessageOf('buglet-pane')).toBeUndefined();
    expect(isScreenshot('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isScreenshot('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isScreenshot('javascript:alert(1)')).toBe(false);
    expect(isScreenshot(`data:image/png;base64,${'A'.repeat(8 * 1024 * 1024)}`)).toBe(false);
  });

  it('writes the evidence file: the page and screen, then errors and failed requests apart', () => {
    const text = evidenceText(facts, t);
    expect(text).toContain('Page: http://shop.test/cart');
    expect(text).toContain('Screen: 393 × 852 (iPhone 15 Pro), Zoom 100 %');
    expect(text).toContain('Browser: Mozilla/5.0 Test');
    expect(text).toContain(
      'Console errors and uncaught errors (2):\n[+0.12 s] console   Cart total is NaN\n',
    );
    expect(text).toContain('[+1.50 s] error     TypeError: x is undefined');
    expect(text).toContain(
      'Failed requests and resources (2):\n[+0.48 s] fetch     GET http://shop.test/api/cart -> 404',
    );
    const empty = evidenceText({ ...facts, evidence: [], size: undefined }, t);
    expect(empty).toContain('Screen: 900 × 700 (Full pane)');
    expect(empty).toContain('(0):\nNone');
  });

  it('describes the defect with the address, the size and what went wrong, as Markdown text', () => {
    const text = defectDescription({ ...facts, userAgent: 'UA `with` ticks' }, t);
    expect(text).toContain('- Page: http://shop.test/cart');
    expect(text).toContain('- Screen: 393 × 852 (iPhone 15 Pro)');
    expect(text).toContain("- Browser: `UA 'with' ticks`");
    expect(text).toContain('Since the page loaded: errors: 2, failed requests: 2');
    expect(text).toContain('- `console: Cart total is NaN`');
  });

  it('opens pages through the proxy under the API prefix, with the ticket and the language', () => {
    expect(proxyAddress('http://shop.test/?a=1&b=2', 'T1', 'en_US')).toBe(
      '/prod-api/tools/browser/proxy?url=http%3A%2F%2Fshop.test%2F%3Fa%3D1%26b%3D2&ticket=T1&lang=en_US',
    );
  });
});
