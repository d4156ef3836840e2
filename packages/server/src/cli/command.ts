import path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type AppConfig, ConfigError, loadConfig } from '../config.ts';
import { CliError } from './data-archive.ts';

type Options = NonNullable<ParseArgsConfig['options']>;

export const files = (n: number) => `${n} ${n === 1 ? 'file' : 'files'}`;

/** A path the person typed: relative to where they ran `npm run`, not to the repository root. */
export const userPath = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

/**
 * Runs one data command: reads the arguments and the configuration (the server's own
 * `loadConfig`, so the same DATA_DIR and DATABASE_URL), prints a refusal as a plain message and
 * exits with 1, anything unexpected with its stack.
 */
export function runCommand(
  usage: string,
  options: Options,
  action: (args: {
    values: Record<string, string | boolean | undefined>;
    positionals: string[];
    config: AppConfig;
  }) => Promise<string>,
): void {
  const run = async () => {
    const parsed = parseArgs({
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    const values = parsed.values as Record<string, string | boolean | undefined>;
    if (values.help) return usage;
    return action({ values, positionals: parsed.positionals, config: loadConfig() });
  };
  run().then(
    (message) => {
      process.stdout.write(`${message}\n`);
    },
    (error: unknown) => {
      process.exitCode = 1;
      if (error instanceof CliError || error instanceof ConfigError) {
        process.stderr.write(`${error.message}\n`);
      } else if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
        process.stderr.write(`${(error as Error).message}\n\n${usage}\n`);
      } else {
        process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      }
    },
  );
}
