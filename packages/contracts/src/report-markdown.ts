import type MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';
import type Token from 'markdown-it/lib/token.mjs';
import { createMarkdown, escapeMarkdown, type MarkdownOptions } from './markdown.ts';
import type { ReportData, ReportSource } from './report-data.ts';
import {
  type Directive,
  directiveMarkdown,
  directiveNeeds,
  isVariablePath,
  parseDirective,
  type ReportLabels,
  variableValue,
} from './report-directives.ts';

/**
 * Report directives as an extension of the one Markdown pipeline: the parser finds them (so a
 * directive inside a code block or a quote stays text), and the renderer fills them from
 * `env.report` when a live report is shown. A directive is a whole line at the top level
 * (`$table{…}`, `$card{…}`, `$img{…}`, or a value on its own); a value (`${…}`) also works inside
 * a line. Without `env.report` (a text report, a template's source) they show as written.
 */
export interface ReportEnv {
  report?: { data: ReportData; labels: ReportLabels };
}

const INLINE_VARIABLE = /^\$(?:t|text)?\{(api(?:\.\w+)+)\}/;

function blockRule(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  if (state.blkIndent !== 0 || (state.sCount[startLine] ?? 0) >= 4) return false;
  const start = (state.bMarks[startLine] ?? 0) + (state.tShift[startLine] ?? 0);
  // Only at the top level: not inside a quote or a list item, whose line has marks before it.
  const lineStart = state.src.lastIndexOf('\n', start - 1) + 1;
  if (state.src.slice(lineStart, start).trim() !== '') return false;
  const text = state.src.slice(start, state.eMarks[startLine]);
  if (text.charCodeAt(0) !== 0x24 /* $ */) return false;
  const directive = parseDirective(text);
  if (!directive) return false;
  if (silent) return true;
  const token = state.push('report_directive', '', 0);
  token.meta = directive;
  token.content = text.trim();
  token.map = [startLine, startLine + 1];
  token.block = true;
  state.line = startLine + 1;
  return true;
}

function inlineRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x24 /* $ */) return false;
  const hit = INLINE_VARIABLE.exec(state.src.slice(state.pos));
  if (!hit?.[1] || !isVariablePath(hit[1])) return false;
  if (!silent) {
    const token = state.push('report_variable', '', 0);
    token.meta = { path: hit[1] };
    token.content = hit[0];
  }
  state.pos += hit[0].length;
  return true;
}

export function reportDirectives(md: MarkdownIt): void {
  md.block.ruler.before('paragraph', 'report_directive', blockRule, { alt: ['paragraph'] });
  md.inline.ruler.before('text', 'report_variable', inlineRule);
  const esc = md.utils.escapeHtml;
  md.renderer.rules.report_directive = (tokens, idx, _options, env: ReportEnv) => {
    const token = tokens[idx] as Token;
    const report = env.report;
    if (!report) return `<p>${esc(token.content)}</p>\n`;
    // The directive's Markdown is all escaped data, so rendering it cannot find another directive.
    return md.render(directiveMarkdown(token.meta as Directive, report.data, report.labels), {});
  };
  md.renderer.rules.report_variable = (tokens, idx, _options, env: ReportEnv) => {
    const token = tokens[idx] as Token;
    const value = env.report
      ? variableValue((token.meta as { path: string }).path, env.report.data)
      : undefined;
    return esc(value ?? token.content);
  };
}

export function createReportMarkdown(options: MarkdownOptions = {}): MarkdownIt {
  return createMarkdown(options).use(reportDirectives);
}

function eachToken(tokens: Token[], visit: (token: Token) => void): void {
  for (const token of tokens) {
    visit(token);
    if (token.children) eachToken(token.children, visit);
  }
}

/** The data sources a report's source names, for `GET /markdown/{projectId}?need=`. */
export function reportNeeds(md: MarkdownIt, source: string): ReportSource[] {
  const needs = new Set<ReportSource>();
  eachToken(md.parse(source, {}), (token) => {
    if (token.type === 'report_directive')
      for (const n of directiveNeeds(token.meta as Directive)) needs.add(n);
  });
  return [...needs];
}

/** Outside backtick code spans, every known value in the line replaced by its escaped value. */
function replaceVariables(line: string, data: ReportData): string {
  return line
    .split(/(`+[^`]*`+)/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(/\$(?:t|text)?\{(api(?:\.\w+)+)\}/g, (raw, path: string) => {
            const value = variableValue(path, data);
            return value === undefined ? raw : escapeMarkdown(value);
          }),
    )
    .join('');
}

/**
 * A text report: the source with every directive written out with today's data, stored as
 * plain Markdown (the original renders whole-line directives at creation; values inside a line
 * are filled too, since a reader of a snapshot could not tell them from text otherwise).
 */
export function snapshotReport(
  md: MarkdownIt,
  source: string,
  data: ReportData,
  labels: ReportLabels,
): string {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks = new Map<number, string>();
  const valueLines = new Set<number>();
  eachToken(md.parse(source, {}), (token) => {
    const line = token.map?.[0];
    if (line === undefined && token.type !== 'report_variable') return;
    if (token.type === 'report_directive' && line !== undefined)
      blocks.set(line, `\n${directiveMarkdown(token.meta as Directive, data, labels)}\n`);
    if (token.type === 'inline' && token.map && token.children?.some((c) => c.type === 'report_variable'))
      for (let i = token.map[0]; i < token.map[1]; i++) valueLines.add(i);
  });
  return lines
    .map((line, i) => blocks.get(i) ?? (valueLines.has(i) ? replaceVariables(line, data) : line))
    .join('\n');
}
