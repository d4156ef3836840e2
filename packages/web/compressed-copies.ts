import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** What is worth compressing: text, larger than a packet. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

/**
 * Writes `file.br` and `file.gz` beside every text file of the build, at the strongest levels
 * (once, at build time): the server hands the copy the browser accepts (@fastify/static's
 * preCompressed) instead of compressing each answer or sending it whole.
 */
export function compressedCopies(): Plugin {
  let outDir = 'dist';
  return {
    name: 'buglet-compressed-copies',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (fs.readdirSync(outDir, { recursive: true }) as string[])
        .map((name) => path.join(outDir, name))
        .filter((file) => COMPRESSIBLE.test(file) && fs.statSync(file).size >= MIN_BYTES);
      await Promise.all(
        files.map(async (file) => {
          const content = await fs.promises.readFile(file);
          const [gz, br] = await Promise.all([
            gzip(content, { level: 9 }),
            brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          ]);
          await Promise.all([
            fs.promises.writeFile(`${file}.gz`, gz),
            fs.promises.writeFile(`${file}.br`, br),
          ]);
        }),
      );
    },
  };
}
