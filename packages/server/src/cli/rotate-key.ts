import { runCommand } from './command.ts';
import { CliError } from './data-archive.ts';
import { rotateSecretKey } from './key-rotation.ts';

const USAGE = `Usage: npm run rotate-secret-key

Seals every stored credential (two-factor secrets, chat robot settings, webhook secrets, the SMTP
settings) again under a new key, in one transaction. Stop the server, every instance, first; it
reads DATA_DIR and DATABASE_URL as the server does.
With the data folder's secret.key: makes the new key and puts it in place of the old one.
With SECRET_KEY: give the new key as NEW_SECRET_KEY (32 characters or more), then set SECRET_KEY
to it wherever the server runs.`;

runCommand(USAGE, {}, async ({ positionals, config }) => {
  if (positionals.length > 0) throw new CliError(`Unexpected argument ${positionals[0]}\n\n${USAGE}`);
  const result = await rotateSecretKey(config, process.env.NEW_SECRET_KEY || undefined);
  const everyInstance =
    config.database.kind === 'postgres'
      ? ' Copy it to the data folder of every other instance sharing this PostgreSQL database before starting them.'
      : '';
  const backups =
    'Backups made before now hold the old key (secret.key in their archive): they still restore as they are.';
  if (result.outcome === 'already')
    return 'The stored credentials are already sealed with NEW_SECRET_KEY: set SECRET_KEY to its value wherever the server runs, unset NEW_SECRET_KEY, then start the server.';
  if (result.outcome === 'finished')
    return `Finished a rotation that had stopped after sealing the database: ${result.keyFile} now holds the new key.${everyInstance} Start the server.`;
  const sealed = `Sealed ${result.resealed} stored ${result.resealed === 1 ? 'value' : 'values'} (credentials and the key check) again`;
  return result.keyFile
    ? `${sealed} with a new key, now in ${result.keyFile}.${everyInstance} Start the server. ${backups}`
    : `${sealed} with NEW_SECRET_KEY. Set SECRET_KEY to its value wherever the server runs (the old one no longer opens them), unset NEW_SECRET_KEY, then start the server.`;
});
