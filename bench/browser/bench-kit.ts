// What every bench page does around its own measurements: sign in as the app (keeping the private
// key for the bare WebCrypto ways) and hand its functions to the Node side, which reads them as
// window[name] (bench/lib/bench-page.mjs: openBenchPage, signInInPage).

import { signInAsTheApp } from './sign-in.js';

let privateKey: CryptoKey | null = null;

/** The pages' `signIn`: signs in as the login screen does and answers the user's id. */
export async function signIn(email: string, password: string): Promise<string> {
  const signedIn = await signInAsTheApp(email, password);
  privateKey = signedIn.privateKey;
  return signedIn.userId;
}

/** The unlocked private key of the last `signIn`. */
export function signedInPrivateKey(): CryptoKey {
  if (!privateKey) throw new Error('not signed in');
  return privateKey;
}

/** Publishes the page's functions as window[name] and says Ready. */
export function publishBench(name: string, api: object): void {
  Object.assign(window, { [name]: api });
  const status = document.getElementById('status');
  if (status) status.textContent = 'Ready';
}
