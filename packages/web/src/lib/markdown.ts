import type { ReportData } from '@buglet/contracts';
import { createMarkdown, MARKDOWN_ALLOWED } from '@buglet/contracts/markdown';
import type { ReportLabels } from '@buglet/contracts/report-directives';
import {
  createReportMarkdown,
  type ReportEnv,
  reportNeeds,
  snapshotReport,
} from '@buglet/contracts/report-markdown';
import DOMPurify from 'dompurify';
import { API_BASE } from './http.ts';

/**
 * The web's side of the one Markdown pipeline (contracts/markdown.ts): rendered by markdown-it,
 * then sanitised by DOMPurify with the pipeline's own allow-list, so only the tags, attributes and
 * addresses the pipeline makes ever reach the page. Loaded as its own chunk (markdown-loader.ts).
 */
const markdown = createMarkdown({ uploadBase: API_BASE });
const reports = createReportMarkdown({ uploadBase: API_BASE });

const URL_ATTRIBUTES = new Set(['href', 'src']);

DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
  const isAllowed = data.attrName === 'src' ? MARKDOWN_ALLOWED.isAllowedImage : MARKDOWN_ALLOWED.isAllowedUrl;
  if (URL_ATTRIBUTES.has(data.attrName) && !isAllowed(data.attrValue, API_BASE)) data.keepAttr = false;
  if (node.nodeName === 'INPUT' && data.attrName === 'type' && data.attrValue !== 'checkbox')
    data.keepAttr = false;
});

const PURIFY = {
  ALLOWED_TAGS: [...MARKDOWN_ALLOWED.tags],
  ALLOWED_ATTR: [...new Set(Object.values(MARKDOWN_ALLOWED.attributes).flat())],
  ALLOW_DATA_ATTR: false,
};

/**
 * The second layer: markdown-it already shows raw HTML as text, so what this keeps out is what a
 * fault in the first would let through (exported to be tested on such HTML directly).
 */
export const sanitizeHtml = (html: string) => DOMPurify.sanitize(html, PURIFY);

export function renderMarkdown(source: string): string {
  return sanitizeHtml(markdown.render(source));
}

/** A report or template: directives filled from `env.report` when given, else shown as written. */
export function renderReport(source: string, env: ReportEnv = {}): string {
  return sanitizeHtml(reports.render(source, env));
}

/** The data sources a report's directives draw on, for `GET /markdown/{projectId}?need=`. */
export function reportNeedsOf(source: string): string {
  return reportNeeds(reports, source).join(',');
}

/** A report's Markdown with its directives written out (what a realtime report is downloaded as). */
export function reportSnapshot(source: string, data: ReportData, labels: ReportLabels): string {
  return snapshotReport(reports, source, data, labels);
}
