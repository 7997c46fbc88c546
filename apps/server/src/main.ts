// The only place that reads the real environment: config, database, app, listen.

import { buildApp } from './app.js';
import { ConfigError, envFromArgs, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/lock.js';
import { demoLoginsText, seedDemo } from './db/seed.js';
import { holdTextsAfterRestore } from './modules/delivery/restore-holds-service.js';
import { findStationIdBySlug } from './modules/station/service.js';

async function main() {
  const config = loadConfig(envFromArgs(process.argv.slice(2)));
  const database = await openDatabase(config);
  await database.migrate();
  // A restore whose texts were not held yet (its command was cut short): held before anything is
  // dispatched, so no text of the backup goes out again by itself (decision 0055).
  const held = await holdTextsAfterRestore(database.db, new Date());
  if (held)
    console.log(`\n  Restore found: ${held.held} text(s) held for an admin's decision (decision 0055).`);

  // With the dev tools a new embedded database gets the demo station by itself (its passwords are
  // public); otherwise, and on PostgreSQL, only when asked (by an api or all node, not a worker).
  const seed =
    (config.seedDemo === 'true' && config.role !== 'worker') ||
    (config.seedDemo === 'auto' && config.devTools && database.kind === 'pglite' && database.created);
  if (seed) await seedDemo(database.db, config.publicUrl);
  const hasDemo = Boolean(await findStationIdBySlug(database.db, 'demo'));

  const app = await buildApp({
    config,
    database,
    logger: {
      level: config.logLevel,
      ...(config.logPretty
        ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
        : {}),
    },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const where =
    database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  if (config.role === 'worker') {
    console.log(
      `\n  Message Station worker is running (jobs, SMS dispatch, schedules)\n  Health and readiness: http://${config.host}:${config.port}/readyz\n  Database: ${where}\n`,
    );
    return;
  }
  const roleLine =
    config.role === 'api' ? '\n  Role: api (jobs and SMS dispatch run on the worker nodes)' : '';
  console.log(`\n  Message Station is running on ${config.publicUrl}${roleLine}\n  Database: ${where}`);
  // The demo password is public: say it with the dev tools, never in production.
  if (hasDemo && config.devTools) console.log(demoLoginsText(config.publicUrl));
  else if (hasDemo)
    console.log('  The demo station exists: change its passwords or remove it before going live.');
  console.log('');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
