import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server's data directory for this run; start-server.mjs makes it fresh before the first journey. */
export const dataDir = fileURLToPath(new URL('../.data', import.meta.url));

/** The server's whole log (stdout and stderr) for this run. */
export const serverLogPath = path.join(dataDir, 'server.log');

/** The SQLite database the server uses (WAL mode, so a journey may open a second connection). */
export const databasePath = path.join(dataDir, 'coffer.sqlite');
