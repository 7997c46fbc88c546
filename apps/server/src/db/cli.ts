// npm run db:migrate | db:seed: the same database the server would open (DATABASE_URL or DATA_DIR).
import { loadDatabaseConfig } from '../config.js';
import { openDatabase } from './client.js';
import { demoLoginsText, seedDemo } from './seed.js';

const command = process.argv[2];
if (command !== 'migrate' && command !== 'seed') {
  console.error('usage: cli.js migrate|seed');
  process.exit(2);
}

const config = loadDatabaseConfig();
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
