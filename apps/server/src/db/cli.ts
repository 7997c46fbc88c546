// npm run db:migrate | db:seed | backup | restore: the same database the server would open
// (DATABASE_URL or DATA_DIR).
import { loadDatabaseConfig } from '../config.js';
import { holdTextsAfterRestore } from '../modules/delivery/restore-holds-service.js';
import { BackupError, backupDatabase, defaultBackupFile, restoreDatabase } from './backup.js';
import { openDatabase } from './client.js';
import { DataDirLockedError } from './lock.js';
import { demoLoginsText, seedDemo } from './seed.js';

const [command, file] = process.argv.slice(2);
const USAGE = 'usage: cli.js migrate | seed | backup [file] | restore <file>';
if (!command || !['migrate', 'seed', 'backup', 'restore'].includes(command)) {
  console.error(USAGE);
  process.exit(2);
}
if (command === 'restore' && !file) {
  console.error('usage: npm run restore -- <file> (a file made by npm run backup)');
  process.exit(2);
}

const config = loadDatabaseConfig();
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;

async function backupOrRestore() {
  const now = new Date();
  if (command === 'backup') {
    const target = file ?? defaultBackupFile(config.databaseUrl ? 'postgres' : 'pglite', now);
    const { bytes } = await backupDatabase(config, target);
    console.log(`Backed up ${where} to ${target} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
    return;
  }
  let held = 0;
  const { keptAside } = await restoreDatabase(config, file as string, now, async (database) => {
    // A backup from an older version gets this version's migrations; then the texts that were not
    // final in the backup are held for an admin's decision (decision 0055).
    await database.migrate();
    held = (await holdTextsAfterRestore(database.db, new Date()))?.held ?? 0;
  });
  console.log(`Restored ${where} from ${file}.`);
  if (keptAside) console.log(`The database that was there is kept in ${keptAside}.`);
  console.log(
    held > 0
      ? `${held} text(s) that were queued or sending when the backup was taken are held: an admin sends or cancels them on each message (the provider is asked first, so nobody is texted twice).`
      : 'No text was queued or sending in the backup: nothing is held.',
  );
}

if (command === 'backup' || command === 'restore') {
  try {
    await backupOrRestore();
  } catch (error) {
    if (error instanceof BackupError || error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
} else {
  const database = await openDatabase(config);
  try {
    await database.migrate();
    console.log(
      `Migrations applied (${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}).`,
    );
    if (command === 'seed') {
      const { created } = await seedDemo(database.db, config.publicUrl);
      console.log(
        created ? 'Demo station "demo" created.' : 'Demo station "demo" already exists; left unchanged.',
      );
      console.log(demoLoginsText(config.publicUrl));
    }
  } finally {
    await database.close();
  }
}
