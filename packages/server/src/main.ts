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
  const stopHousekeeping = startHousekeeping(db, app.log);
  if (seeded) app.log.info({ userName: 'admin' }, 'created the administrator account');

  let closing = false;
  // A request being answered when the signal comes would leave its keep-alive connection open
  // after the answer, and the server's close would wait for it (Fastify's keepAliveTimeout, 72 s):
  // answers sent while shutting down close their connection.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    stopHousekeeping();
    // The database closes only after the app: Fastify runs onClose hooks last-registered first,
    // so a hook here would close it before the features' own (the operation log's last batch,
    // the notice outbox, running jobs) and under requests still being answered.
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Whether this start ran from the V8 code cache (code-cache-loader.ts; none under tsx), which
  // is worth writing only now that the server has started.
  const codeCache = (globalThis as { bugletCodeCache?: { state: string; listening: () => void } })
    .bugletCodeCache;
  codeCache?.listening();
  app.log.info(
    {
      database: config.database.kind,
      dataDir: config.dataDir,
      codeCache: codeCache?.state ?? 'absent',
    },
    `Buglet is listening on http://localhost:${config.port}`,
  );
  if (isLoopbackHost(config.host))
    app.log.info(
      `Only this machine can reach it (HOST=${config.host}); set HOST=0.0.0.0 to open it to the network`,
    );
}

const isLoopbackHost = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.');

main().catch((error: unknown) => {
  process.stderr.write(`Start failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
