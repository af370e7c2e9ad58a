/** The environment of a journey server (server-env.mjs). */
export function journeyServerEnv(options: {
  port: number | string;
  dataDir: string;
  billing: string;
}): Record<string, string | undefined>;
