// Where to get an authenticator app (the CHOICE step of two-step setup, spec section 4).

/** One app store link of the CHOICE step. */
export interface AuthenticatorLink {
  platform: 'iPhone' | 'Android' | 'Windows';
  label: string;
  href: string;
}

/** Authenticator apps for iPhone, Android and Windows; any TOTP app works. */
export const AUTHENTICATOR_LINKS: readonly AuthenticatorLink[] = [
  {
    platform: 'iPhone',
    label: 'Download for iPhone',
    href: 'https://apps.apple.com/app/google-authenticator/id388497605',
  },
  {
    platform: 'Android',
    label: 'Download for Android',
    href: 'https://play.google.com/store/apps/details?id=com.google.android.apps.authenticator2',
  },
  {
    platform: 'Windows',
    label: 'Download for Windows',
    href: 'https://apps.microsoft.com/search?query=authenticator',
  },
];
