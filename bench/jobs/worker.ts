// One instance of the benchmark's PostgreSQL run: works the bench queue on DATABASE_URL until killed.
import { openDatabase } from '../../apps/api/src/db/database.ts';
import { startBenchQueue } from './bench-queue.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is needed');
const database = await openDatabase({ kind: 'postgres', url });
const jobs = await startBenchQueue(database, { work: true, worker: String(process.pid) });
console.log(JSON.stringify({ ready: true }));
process.on('SIGTERM', () => {
  void jobs.stop().then(() => database.close().then(() => process.exit(0)));
});
