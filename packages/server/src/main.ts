import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createDatabase } from './db/create-database.js';
import { migrateToLatest } from './db/migrator.js';
import { startDraining } from './routes/health.js';
import { loadServerSecrets } from './server-secrets.js';
import { startAttachmentSweeper } from './services/attachments/attachment-sweeper.js';
import { startRotationJob } from './services/rotations/rotation-job.js';
import { startStatisticsRecorder } from './services/statistics/recorder-job.js';

const FORCED_EXIT_MS = 10_000;

/** Starts Coffer: configuration, database and migrations, then the HTTP server. */
async function start(): Promise<void> {
  const config = loadConfig();
  const database = await createDatabase(config);
  const serverSecrets = await loadServerSecrets(config);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, serverSecrets });
  // The daily statistics (docs/statistics.md): fills missed days now, then runs after each midnight UTC.
  const statistics = startStatisticsRecorder(database.db, app.log);
  app.addHook('onClose', async () => statistics.stop());
  // Abandoned uploads (docs/server.md, "Attachments"): removed now, then every 10 minutes.
  const sweeper = startAttachmentSweeper(database.db, app.log);
  app.addHook('onClose', async () => sweeper.stop());
  // Rotation policies and reminders (docs/security-centre.md): now, then every hour.
  const rotations = startRotationJob({ db: database.db, mailer: app.mailer, log: app.log, config });
  app.addHook('onClose', async () => rotations.stop());
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.dialect, billing: config.billing },
    `Coffer is listening on ${config.publicUrl} (bound to ${config.host}:${config.port})`,
  );

  // Draining (docs/operations.md): /healthz answers 503 at once so load balancers stop sending;
  // after SIGTERM the server keeps serving for SHUTDOWN_DELAY_SECONDS (the time a load balancer
  // needs to notice), then stops accepting connections, finishes every request in flight (new
  // requests on kept-alive connections get 503 and Connection: close), closes the database and
  // exits 0. Ctrl-C (SIGINT) skips the delay. Past FORCED_EXIT_MS more, it exits 1 regardless.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    startDraining(app);
    const delayMs = signal === 'SIGTERM' ? config.shutdownDelayMs : 0;
    app.log.info({ signal, delayMs }, 'shutting down: draining');
    setTimeout(() => process.exit(1), delayMs + FORCED_EXIT_MS).unref();
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    await app.close();
    await database.destroy();
    app.log.info('shut down');
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

start().catch((error: unknown) => {
  // A configuration error names the variable and never its value; anything else prints in full.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
