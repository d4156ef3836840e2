import { createHash } from 'node:crypto';

/**
 * What stays the same when one failure happens again: the title and the stack trace without what
 * changes from run to run — timestamps, UUIDs, hex addresses and hashes, line and column numbers,
 * other numbers (ids, ports, durations) — and with whitespace evened out.
 */
export function normaliseFailure(title: string, trace: string): string {
  return `${title}\n${trace}`
    .replace(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?/g, '<time>')
    .replace(/\b\d{2}:\d{2}:\d{2}(\.\d+)?\b/g, '<time>')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>')
    .replace(/\b0x[0-9a-f]+\b/gi, '<addr>')
    .replace(/@[0-9a-f]{4,}\b/gi, '@<addr>')
    .replace(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{12,}\b/gi, '<hex>')
    .replace(/\d+/g, '#')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/**
 * Where a test framework, its launcher or reflection takes over: frames from here on say how the
 * test was run (IDE, build tool, console), not what failed.
 */
const FRAMEWORK_FRAME =
  /^(org\.junit|junit\.framework|org\.testng|org\.apache\.maven\.surefire|org\.apache\.maven\.plugin\.surefire|org\.gradle|worker\.org\.gradle|jdk\.internal\.reflect|java\.lang\.reflect|sun\.reflect|com\.intellij|org\.eclipse\.jdt\.internal\.junit|org\.springframework\.test|kotlin\.reflect|org\.spockframework|io\.kotest)\./;
/** `at pkg.Class.method(File.java:12)`, with an optional module (`java.base/`) or loader prefix. */
const FRAME = /^\s*at\s+(?:[\w.$-]+(?:@[\w.-]+)?\/)*([\w$]+(?:\.[\w$<>-]+)+)\s*\(.*\)\s*$/;
/** `java.lang.AssertionError: expected…`, `Caused by: …`, `org.opentest4j.AssertionFailedError`. */
const THROWABLE = /^\s*(?:Caused by:\s*|Suppressed:\s*)?[\w$]+(?:\.[\w$]+)+(?::.*)?$/;

/**
 * A stack trace's lines that name the failure: each throwable's line and its own frames, down to
 * the first frame of the test framework or its launcher that follows them (an assertion library's
 * frames above the test's are passed over); environment lines (JVM arguments, the OS, the Java
 * version) and the launcher's frames left out. Undefined when the text holds no frames.
 */
export function traceSignature(text: string): string | undefined {
  const lines = text.split(/\r?\n/);
  const kept: string[] = [];
  let inFrames = false;
  let isCut = false;
  let hasFrames = false;
  let ownFrames = 0;
  lines.forEach((line, i) => {
    const frame = FRAME.exec(line);
    if (frame) {
      hasFrames = true;
      if (!inFrames) {
        inFrames = true;
        isCut = false;
        ownFrames = 0;
        // The throwable's line stands right above its first frame.
        const above = lines[i - 1];
        if (above !== undefined && THROWABLE.test(above) && !FRAME.test(above)) kept.push(above.trim());
      }
      const isFramework = FRAMEWORK_FRAME.test(frame[1] ?? '');
      if (isCut || (isFramework && ownFrames > 0)) isCut = true;
      else if (!isFramework) {
        kept.push(`at ${frame[1]}`);
        ownFrames += 1;
      }
      return;
    }
    inFrames = false;
  });
  return hasFrames ? kept.join('\n') : undefined;
}

/**
 * The fingerprint of a failure pushed without a key: one defect per fingerprint. A description
 * with a stack trace is fingerprinted on its title and its trace's signature (traceSignature), so
 * one failure run from another launcher or with other JVM flags folds into the same defect.
 */
export function failureFingerprint(title: string, describe: string): string {
  const trace = traceSignature(describe) ?? describe;
  return createHash('sha256').update(normaliseFailure(title, trace)).digest('hex');
}

/** The fingerprint before traceSignature (the whole description): defects pushed then still fold. */
export function wholeTextFingerprint(title: string, describe: string): string {
  return createHash('sha256').update(normaliseFailure(title, describe)).digest('hex');
}

/** Keys are matched by their hash (they may be long), as stored in `sys_defect_push`. */
export const keyHash = (key: string) => createHash('sha256').update(key).digest('hex');

/** The versions a pushed defect was seen in (JSON, oldest first, each once, the last 50). */
export const addVersion = (versions: string | null, version: string | null | undefined) => {
  const list: string[] = versions ? (JSON.parse(versions) as string[]) : [];
  const v = version?.trim();
  if (v && !list.includes(v)) list.push(v);
  return list.length > 0 ? JSON.stringify(list.slice(-50)) : null;
};
