import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchChromium } from './first-page.bench.ts';
import { ROOT, type RunningServer, startServer } from './server-process.ts';

export const WEB_DIST = path.join(ROOT, 'packages/web/dist');
/** Issue 16: what the sign-in page may load, JavaScript gzipped. */
export const SIGN_IN_JS_BUDGET_KIB = 250;

export interface SignInJs {
  /** Sum of every script's gzip size (zlib level 9), KiB. */
  gzipKiB: number;
  /** Sum of the bytes as served: the server does not compress, so this is what crosses the wire. */
  rawKiB: number;
  /** Number of JavaScript files fetched. */
  files: number;
  /** Each file (name under assets/) with its gzip size in KiB, largest first. */
  list: Array<{ file: string; gzipKiB: number }>;
}

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * Opens #/login (or `address`) of the built client as a first-time visitor would (fresh profile, no session, the
 * default language) in the system Chromium, served by the built server, and counts every
 * JavaScript response until the sign-in form shows and the network is idle: the HTML's entry
 * and modulepreload tags, the lazy login chunk and whatever it preloads or imports.
 * Each file's body is gzipped at level 9 (what a compressing proxy would send).
 */
export async function measureSignInJs(
  options: { webDir?: string; url?: string; address?: string } = {},
): Promise<SignInJs> {
  // A running instance when given one (it serves its own web folder), else the built server.
  const server = options.url ? undefined : await startServer({ WEB_DIR: options.webDir ?? WEB_DIST });
  const url = options.url ?? server?.url ?? '';
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const bodies = new Map<string, Promise<Buffer>>();
    page.on('response', (res) => {
      const type = res.headers()['content-type'] ?? '';
      if (res.request().resourceType() === 'script' || type.includes('javascript')) {
        bodies.set(new URL(res.url()).pathname, res.body());
      }
    });
    if (server) await waitForServer(page, server);
    await page.goto(`${url}${options.address ?? '/#/login'}`, { waitUntil: 'networkidle' });
    await page.getByPlaceholder(/账号|Account/).waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const list = await Promise.all(
      [...bodies].map(async ([file, body]) => {
        const bytes = await body;
        return { file: path.basename(file), raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      }),
    );
    list.sort((a, b) => b.gzip - a.gzip);
    return {
      gzipKiB: kib(list.reduce((s, f) => s + f.gzip, 0)),
      rawKiB: kib(list.reduce((s, f) => s + f.raw, 0)),
      files: list.length,
      list: list.map((f) => ({ file: f.file, gzipKiB: kib(f.gzip) })),
    };
  } finally {
    await browser.close();
    await server?.stop();
  }
}

/** The server takes a moment to listen (and may stop at once: its error is on stderr). */
async function waitForServer(page: Page, server: RunningServer): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (server.child.exitCode !== null) throw new Error('the server stopped at start-up');
    const ok = await page.request
      .get(`${server.url}/version`)
      .then((r) => r.ok())
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('server did not start');
}

export async function runWebBundle(): Promise<Record<string, string>> {
  const m = await measureSignInJs();
  // The bare address: a visitor without a session goes to the sign-in page before anything else loads.
  const root = await measureSignInJs({ address: '/' });
  const figures: Record<string, string> = {
    [`sign-in page JS (gzip KiB, budget ${SIGN_IN_JS_BUDGET_KIB})`]: m.gzipKiB.toFixed(1),
    'sign-in page JS as served, uncompressed (KiB)': m.rawKiB.toFixed(1),
    'sign-in page JS files': String(m.files),
    'JS of a first visit to / (sent to sign-in; gzip KiB)': root.gzipKiB.toFixed(1),
  };
  for (const f of m.list.slice(0, 5)) figures[`  largest: ${f.file} (gzip KiB)`] = f.gzipKiB.toFixed(1);
  return figures;
}

// `node --import tsx bench/web-bundle.bench.ts [webDir | http://running-instance]` prints every file.
if (import.meta.url === `file://${process.argv[1]}`) {
  const where = process.argv[2];
  const m = await measureSignInJs(
    where?.startsWith('http') ? { url: where } : { webDir: where ? path.resolve(where) : WEB_DIST },
  );
  for (const f of m.list) console.log(`${f.file.padEnd(60)} ${f.gzipKiB.toFixed(1)}`);
  console.log(`sign-in page JS (gzip KiB) ${m.gzipKiB.toFixed(1)} in ${m.files} files (${m.rawKiB} KiB raw)`);
}
