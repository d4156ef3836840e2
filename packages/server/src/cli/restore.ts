import { formatFileSize } from '@buglet/contracts';
import { files, runCommand, userPath } from './command.ts';
import { CliError } from './data-archive.ts';
import { restoreBackup } from './restore-archive.ts';

const USAGE = `Usage: npm run restore -- FILE [--force]

Unpacks an archive of \`npm run backup\` into the configured data folder (DATA_DIR,
DATABASE_URL, read as the server reads them), which must hold no database and no uploads.
--force replaces the database and uploads that are there (stop the server first).`;

runCommand(USAGE, { force: { type: 'boolean' } }, async ({ values, positionals, config }) => {
  const [archive, ...rest] = positionals;
  if (!archive || rest.length > 0) throw new CliError(`Name one archive to restore.\n\n${USAGE}`);
  const file = userPath(archive);
  const started = performance.now();
  const { manifest, databaseFile, uploadDir } = await restoreBackup(config, file, {
    force: values.force === true,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return [
    `Restored ${file} (made ${manifest.createdAt} by Buglet ${manifest.appVersion}) in ${seconds} s:`,
    `  database  ${databaseFile} (${formatFileSize(manifest.database.bytes)}, schema ${manifest.database.migration})`,
    `  uploads   ${files(manifest.uploads.files)} (${formatFileSize(manifest.uploads.bytes)}) in ${uploadDir}`,
    'Start the server with the same DATA_DIR and DATABASE_URL to use it.',
  ].join('\n');
});
