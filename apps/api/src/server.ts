import { createMailer } from '@app/mail';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';

const config = loadConfig();
const database = await openDatabase(config.database).catch((error: Error) => {
  console.error(JSON.stringify({ level: 'fatal', msg: error.message }));
  process.exit(1);
});
const mailer = createMailer(config.mail);
const app = await buildApp({ config, database, mailer });

if (mailer.transport === 'outbox') {
  app.log.info(
    { outbox: '/dev/outbox' },
    'mail goes to the development outbox; set SMTP_URL to send real mail',
  );
}

let isShuttingDown = false;
async function shutDown(signal: string) {
  if (isShuttingDown) return;
  isShuttingDown = true;
  app.log.info({ signal }, 'shutting down: finishing open requests');
  // A request that never ends must not keep the process alive forever.
  const forceExit = setTimeout(() => process.exit(1), 10_000);
  forceExit.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutDown('SIGTERM'));
process.on('SIGINT', () => void shutDown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.fatal({ err: error }, 'could not start the server');
  await database.close();
  process.exit(1);
}
