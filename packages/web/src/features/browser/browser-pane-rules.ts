import { type EvidenceEntry, LIMITS, type PaneMessage } from '@buglet/contracts';

/** Pure parts of the browser tool: addresses, history, sizes, zoom, and what a defect is told. */

/** The original's storage keys, so a history carried over stays. */
export const HISTORY_KEY = 'toolsBrowserUrlList';
export const LAST_URL_KEY = 'toolsBrowserLastUrl';
const HISTORY_MAX = 30;

/** What was typed as an address to open: a scheme is added when missing (https, as the original did). */
export function normalizeAddress(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  return /^[a-z][a-z\d+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

export function readHistory(storage: Storage = localStorage): string[] {
  try {
    const list = JSON.parse(storage.getItem(HISTORY_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((u): u is string => typeof u === 'string') : [];
  } catch {
    return [];
  }
}

/** The newest first, each address once. */
export function rememberAddress(url: string, storage: Storage = localStorage): string[] {
  const next = [url, ...readHistory(storage).filter((u) => u !== url)].slice(0, HISTORY_MAX);
  storage.setItem(HISTORY_KEY, JSON.stringify(next));
  return next;
}

export interface FrameSize {
  width: number;
  height: number;
}

/** 'fit': as large as the pane allows, never enlarged. */
export type Zoom = number | 'fit';
export const ZOOMS: readonly number[] = [50, 75, 100, 125, 150, 200];

/** The scale the frame is shown at in a pane of the given size. */
export function scaleOf(zoom: Zoom, frame: FrameSize | undefined, pane: FrameSize): number {
  if (zoom !== 'fit') return zoom / 100;
  if (!frame || pane.width <= 0 || pane.height <= 0) return 1;
  return Math.min(1, pane.width / frame.width, pane.height / frame.height);
}

/** A width or height typed in the pane: whole pixels the catalogue would take (50 to 10000). */
export function parsePixels(text: string): number | undefined {
  if (!/^\d{2,5}$/.test(text.trim())) return undefined;
  const n = Number(text);
  return n >= 50 && n <= 10_000 ? n : undefined;
}

/** A message from a pane's page, if it is one (anything else posted to the tool is ignored). */
export function paneMessageOf(data: unknown): PaneMessage | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const m = data as { source?: unknown; type?: unknown };
  if (m.source !== 'buglet-pane' || typeof m.type !== 'string') return undefined;
  return data as PaneMessage;
}

/** A screenshot the page sent: a PNG data URL the screen-shot upload takes (5 MB at most once decoded). */
export function isScreenshot(dataUrl: unknown): dataUrl is string {
  return (
    typeof dataUrl === 'string' &&
    dataUrl.length < (LIMITS.imageMaxBytes * 4) / 3 + 100 &&
    /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/.test(dataUrl)
  );
}

/** What the page was, as a defect and its evidence file describe it. */
export interface CaptureFacts {
  url: string;
  title: string;
  /** Undefined when the frame fills the pane. */
  size: FrameSize | undefined;
  paneSize: FrameSize;
  sizeName: string | undefined;
  zoom: Zoom;
  userAgent: string;
  capturedAt: Date;
  evidence: readonly EvidenceEntry[];
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

const ERROR_KINDS = new Set<EvidenceEntry['kind']>(['console', 'error', 'rejection']);
export const errorsOf = (evidence: readonly EvidenceEntry[]) =>
  evidence.filter((e) => ERROR_KINDS.has(e.kind));
export const failuresOf = (evidence: readonly EvidenceEntry[]) =>
  evidence.filter((e) => !ERROR_KINDS.has(e.kind));

function sizeText(facts: CaptureFacts, t: Translate): string {
  const size = facts.size ?? facts.paneSize;
  const dims = `${Math.round(size.width)} × ${Math.round(size.height)}`;
  const name = facts.size ? facts.sizeName : t('browser.size.full');
  return name ? `${dims} (${name})` : dims;
}

const line = (e: EvidenceEntry) => `[+${(e.at / 1000).toFixed(2)} s] ${e.kind.padEnd(9)} ${e.message}`;

/** The evidence file attached to the defect: the page, the screen, then everything that went wrong since it loaded. */
export function evidenceText(facts: CaptureFacts, t: Translate): string {
  const errors = errorsOf(facts.evidence);
  const failures = failuresOf(facts.evidence);
  return [
    t('browser.evidence.heading'),
    `${t('browser.evidence.page')}: ${facts.url}`,
    `${t('browser.evidence.title')}: ${facts.title}`,
    `${t('browser.evidence.screen')}: ${sizeText(facts, t)}, ${t('browser.zoom')} ${facts.zoom === 'fit' ? t('browser.zoom.fit') : `${facts.zoom} %`}`,
    `${t('browser.evidence.agent')}: ${facts.userAgent}`,
    `${t('browser.evidence.time')}: ${facts.capturedAt.toISOString()}`,
    '',
    `${t('browser.evidence.errors', { count: errors.length })}`,
    ...(errors.length ? errors.map(line) : [t('browser.evidence.none')]),
    '',
    `${t('browser.evidence.failures', { count: failures.length })}`,
    ...(failures.length ? failures.map(line) : [t('browser.evidence.none')]),
    '',
  ].join('\n');
}

/** A Markdown list item of an address, as text (the description's Markdown must not turn it into markup). */
const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;

/** The new defect's description: where and at what size, and a summary of the evidence (attached in full). */
export function defectDescription(facts: CaptureFacts, t: Translate): string {
  const errors = errorsOf(facts.evidence);
  const failures = failuresOf(facts.evidence);
  const firsts = [...errors, ...failures]
    .slice(0, 5)
    .map((e) => `- ${code(`${e.kind}: ${e.message.slice(0, 200)}`)}`);
  return [
    `- ${t('browser.evidence.page')}: ${facts.url}`,
    `- ${t('browser.evidence.screen')}: ${sizeText(facts, t)}`,
    `- ${t('browser.evidence.agent')}: ${code(facts.userAgent)}`,
    '',
    t('browser.evidence.summary', { errors: errors.length, failures: failures.length }),
    ...(firsts.length ? ['', ...firsts] : []),
    '',
  ].join('\n');
}

/** The defect's title: the page's, or its address. */
export function defectTitle(facts: CaptureFacts): string {
  const title = facts.title.trim() || facts.url;
  return title.slice(0, 200);
}
