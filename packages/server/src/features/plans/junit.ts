import { SaxesParser } from 'saxes';
import { AppError } from '../../http/errors.ts';

/** A JUnit report may be this large (the limit). */
export const JUNIT_MAX_BYTES = 20 * 1024 * 1024;
/** Elements may nest this deep: a report is suites of suites of cases, never hundreds deep. */
export const JUNIT_MAX_DEPTH = 64;
/** Tests one report may hold. */
export const RESULTS_MAX = 20_000;

export type TestStatus = 'pass' | 'fail' | 'skipped';

/** One test of a CI run: what the report says of it. */
export interface TestResult {
  name: string;
  classname: string;
  status: TestStatus;
  /** The failure's or error's message and text, cut to a page. */
  message: string;
  durationMs: number | null;
}

const MESSAGE_MAX = 4000;

/**
 * The tests of a JUnit XML report (the format every test runner writes: `testsuites` /
 * `testsuite` / `testcase` with `failure`, `error` or `skipped` inside), read as a stream by a
 * non-validating parser with no DTD: a document type declaration (where entities, external or
 * exponential, would be declared) is refused, as is any entity but XML's five, nesting past
 * JUNIT_MAX_DEPTH and a document past JUNIT_MAX_BYTES; nothing is written before it is all read.
 */
export function parseJUnit(xml: string): TestResult[] {
  if (Buffer.byteLength(xml) > JUNIT_MAX_BYTES) throw new AppError('plan.results.too-large', [20]);
  const parser = new SaxesParser({ xmlns: false, position: true });
  const results: TestResult[] = [];
  let depth = 0;
  let sawRoot = false;
  let current: TestResult | undefined;
  let inMessage = false;
  let stop: AppError | undefined;
  const fail = (error: AppError) => {
    stop ??= error;
    throw error;
  };
  parser.on('doctype', () => fail(new AppError('plan.results.doctype')));
  parser.on('opentag', (tag) => {
    depth += 1;
    if (depth > JUNIT_MAX_DEPTH) fail(new AppError('plan.results.too-deep', [JUNIT_MAX_DEPTH]));
    if (depth === 1) {
      sawRoot = true;
      if (tag.name !== 'testsuites' && tag.name !== 'testsuite')
        fail(new AppError('plan.results.not-junit', [tag.name]));
    }
    const attr = (name: string) => String(tag.attributes[name] ?? '');
    if (tag.name === 'testcase') {
      if (results.length >= RESULTS_MAX) fail(new AppError('plan.results.too-many', [RESULTS_MAX]));
      const seconds = Number.parseFloat(attr('time'));
      current = {
        name: attr('name').trim(),
        classname: attr('classname').trim(),
        status: 'pass',
        message: '',
        durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : null,
      };
    } else if (current && (tag.name === 'failure' || tag.name === 'error')) {
      current.status = 'fail';
      current.message = attr('message');
      inMessage = true;
    } else if (current && tag.name === 'skipped') {
      if (current.status !== 'fail') current.status = 'skipped';
      current.message ||= attr('message');
    }
  });
  const addText = (text: string) => {
    if (inMessage && current && current.message.length < MESSAGE_MAX)
      current.message = `${current.message}${current.message ? '\n' : ''}${text.trim()}`.slice(
        0,
        MESSAGE_MAX,
      );
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', (tag) => {
    depth -= 1;
    if (tag.name === 'failure' || tag.name === 'error') inMessage = false;
    if (tag.name === 'testcase' && current) {
      if (current.name) results.push({ ...current, message: current.message.trim() });
      current = undefined;
    }
  });
  parser.on('error', (error) => {
    throw stop ?? new AppError('plan.results.not-xml', [error.message.slice(0, 200)]);
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('plan.results.not-xml', [String((error as Error).message ?? error).slice(0, 200)]);
  }
  if (!sawRoot) throw new AppError('plan.results.not-xml', ['']);
  return results;
}
