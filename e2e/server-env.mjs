// The environment of a journey server, shared by the suite's server (start-server.mjs) and the
// billing journey's second one (support/billing-server.ts), so the two never drift apart.

/**
 * @param {{ port: number | string, dataDir: string, billing: string }} options
 * @returns {Record<string, string | undefined>}
 */
export function journeyServerEnv({ port, dataDir, billing }) {
  return {
    ...process.env,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'info',
    COFFER_E2E: '1',
    BILLING: billing,
    // The browser extension's zips: start-server.mjs puts small ones here (extension-download.spec.ts).
    EXTENSION_DIR: `${dataDir}/extension`,
    // Every journey comes from 127.0.0.1, so the per-address limits (sized for one person) would count
    // the whole suite as one guesser. Per-account limits stay as shipped; their own server tests cover them.
    ...Object.fromEntries(
      [
        'PRELOGIN',
        'SIGN_IN',
        'TWO_FACTOR_CHECK',
        'PASSWORD_CHECK',
        'REGISTRATION',
        'CONFIRMATION_RESEND',
        'EMAIL_CHANGE',
        'INVITATION_RESEND',
      ].map((stem) => [`RATE_LIMIT_${stem}_PER_IP`, '100000/1h']),
    ),
  };
}
