import { formatFileSize } from '@buglet/contracts';
import { compactTimestamp } from '../lib/time.ts';
import { createBackup } from './backup-archive.ts';
import { files, runCommand, userPath } from './command.ts';
import { CliError } from './data-archive.ts';

const USAGE = `Usage: npm run backup -- [--out FILE]

Writes the SQLite database and the uploaded files of the configured data folder (DATA_DIR,
DATABASE_URL, read as the server reads them) into one .tar.gz archive, with a manifest.
The server may keep running. Without --out: buglet-backup-<time>.tar.gz here.`;

runCommand(USAGE, { out: { type: 'string', short: 'o' } }, async ({ values, positionals, config }) => {
  if (positionals.length > 0) throw new CliError(`Unexpected argument ${positionals[0]}\n\n${USAGE}`);
  const now = new Date();
  const out = userPath(
    typeof values.out === 'string' ? values.out : `buglet-backup-${compactTimestamp(now)}.tar.gz`,
  );
  const started = performance.now();
  const { manifest, archiveBytes } = await createBackup(config, out, now);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return [
    `Backed up ${config.dataDir} to ${out} (${formatFileSize(archiveBytes)}) in ${seconds} s:`,
    `  database  ${formatFileSize(manifest.database.bytes)}, schema ${manifest.database.migration}`,
    `  uploads   ${formatFileSize(manifest.uploads.bytes)} in ${files(manifest.uploads.files)}`,
    manifest.secretKey
      ? '  key       secret.key (the stored credentials are sealed with it)'
      : '  key       not in the archive: SECRET_KEY gives it, keep that value with the archive',
  ].join('\n');
});
