// fflate as write-excel-file uses it, without Web Workers. fflate's asynchronous `zip` deflates
// files over 160 kB in workers it makes from `blob:` URLs, which Coffer's Content-Security-Policy
// (script-src 'self', no worker-src) refuses: the export of a large organisation would wait for
// ever. vite.config.ts aliases the bare `fflate` import to this module, whose `zip` runs fflate's own
// `zipSync` on the next task and answers through the same callback. Everything else is fflate's.
import type {
  AsyncTerminable,
  AsyncZipOptions,
  AsyncZippable,
  FlateCallback,
  FlateError,
  ZipOptions,
  Zippable,
} from 'fflate/browser';
import { zipSync } from 'fflate/browser';

export * from 'fflate/browser';

/** fflate's `zip`, computed with `zipSync` (no workers); answers a function that cancels it. */
export function zip(
  data: AsyncZippable,
  optionsOrCallback: AsyncZipOptions | FlateCallback,
  maybeCallback?: FlateCallback,
): AsyncTerminable {
  const callback = typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback;
  const options = typeof optionsOrCallback === 'function' ? {} : optionsOrCallback;
  if (!callback) throw new TypeError('fflate zip needs a callback');
  let cancelled = false;
  setTimeout(() => {
    if (cancelled) return;
    let archive: Uint8Array<ArrayBuffer>;
    try {
      // The asynchronous options and files are the synchronous ones plus worker settings zipSync ignores.
      archive = zipSync(data as Zippable, options as ZipOptions) as Uint8Array<ArrayBuffer>;
    } catch (error) {
      callback(error as FlateError, new Uint8Array());
      return;
    }
    callback(null, archive);
  }, 0);
  return () => {
    cancelled = true;
  };
}
