import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Every PostgreSQL test schema of this run starts with it (test-database.ts). */
    testSchemaPrefix: string;
  }
}

/**
 * Global set-up of the server-postgres project: every test schema of the run is dropped when the whole
 * run ends, including those of a file that died before its own clean-up. The run's prefix keeps another
 * run's schemas (a second checkout on the same server) out of the sweep.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const prefix = `t_${randomBytes(4).toString('hex')}_`;
  project.provide('testSchemaPrefix', prefix);
  return async () => {
    const url = process.env.DATABASE_URL;
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        'select nspname as name from pg_namespace where starts_with(nspname, $1)',
        [prefix],
      );
      for (const { name } of rows) await client.query(`drop schema if exists "${name}" cascade`);
    } finally {
      await client.end();
    }
  };
}
