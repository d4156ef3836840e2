import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedAdministrator } from './db/seed/admin.ts';
import { syncTemplateShop } from './db/seed/template-shop.ts';
import { startHousekeeping } from './housekeeping.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const db = await connectDatabase(config.database);
  await migrateToLatest(db);
  await syncTemplateShop(db);
  const seeded = await seedAdministrator(db, config);
  const app = await buildApp({ config, db, logger: { level: config.logLevel } });
  app.addHook('onClose', async () => {
    await db.destroy();
  });
  const stopHousekeeping = startHousekeeping(db, app.log);
  if (seeded) app.log.info({ userName: 'admin' }, 'created the administrator account');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    stopHousekeeping();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: config.database.kind, dataDir: config.dataDir },
    `Buglet is listening on http://localhost:${config.port}`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Start failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
