// Statistics cards, two-factor setup and welcome progress.

/** One card of the statistics dashboard (aggregates only). */
export interface StatisticsCard {
  id: string;
  title: string;
  stat: number;
  /** Show `stat` as money (pence). */
  currency: boolean;
  /** The change is an increase. */
  increase: boolean;
  percentage: number;
}

/** Answer of `GET api/v1/two-factor-code.json`: the TOTP key and its QR code as SVG. */
export interface TwoFactorSetup {
  key: string;
  qr: string;
}

/** Answer of `GET api/v1/two-factor-backup.json`. */
export interface TwoFactorBackupCodes {
  '2faCodes': string[];
}

/** Answer of `two-factor-active` and `two-factor-disable`: a message, success when it contains 'Success'. */
export interface TwoFactorMessage {
  '2fa': string;
}

/** Body of `PUT api/v1/two-factor-active.json`. */
export interface TwoFactorActivateRequest {
  code: string;
}

/** Onboarding flags (spec section 3); every flag true means the welcome flow is complete. */
export interface WelcomeProgress {
  tutorial: boolean;
  twofactor: boolean;
  secret: boolean;
  password: boolean;
}
