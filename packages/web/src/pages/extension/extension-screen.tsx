import {
  EXTENSION_BUILD_COMMAND,
  EXTENSION_NOT_BUILT_MESSAGE,
  type ExtensionDownload,
  extensionDownloadPath,
} from '@coffer/core';
import { useExtensionDownloads } from '../../api/extension-api.js';
import { formatFileSize } from '../../components/secrets/attachments/file-size.js';
import { firstStep, INSTALL_GUIDES, type InstallGuide } from './install-steps.js';
import './extension-screen.css';

/** Texts of /extension. */
export const EXTENSION_TEXT = {
  title: 'Coffer browser extension',
  intro: 'Fill in your passwords on the sites you use, from the secrets you can read in Coffer.',
  checking: 'Checking which downloads this server has…',
  signIn:
    'Then pin Coffer to the toolbar (the puzzle-piece menu), open it and sign in with your Coffer account and this server’s address:',
} as const;

/**
 * /extension, for anyone, signed in or not (the footer's extension link): both builds to download,
 * each with its three install steps, and the address to sign in with. A build the server does not
 * have says how to make it instead of offering a download that would fail.
 */
export function Component() {
  const downloads = useExtensionDownloads();
  const origin = globalThis.location?.origin ?? '';
  return (
    <main className="extension-page">
      <h1 className="extension-page__title">{EXTENSION_TEXT.title}</h1>
      <p>{EXTENSION_TEXT.intro}</p>
      {downloads.isPending ? <p role="status">{EXTENSION_TEXT.checking}</p> : null}
      <div className="extension-page__guides">
        {INSTALL_GUIDES.map((guide) => (
          <Guide
            key={guide.browser}
            guide={guide}
            pending={downloads.isPending}
            // Unknown (the check failed): offer the link; the server says itself if the zip is missing.
            download={downloads.data?.items.find((item) => item.browser === guide.browser)}
          />
        ))}
      </div>
      <p>{EXTENSION_TEXT.signIn}</p>
      <p>
        <code className="extension-page__server" data-testid="server-address">
          {origin}
        </code>
      </p>
    </main>
  );
}

function Guide({
  guide,
  pending,
  download,
}: {
  guide: InstallGuide;
  pending: boolean;
  download: ExtensionDownload | undefined;
}) {
  const missing = download?.available === false;
  const headingId = `extension-${guide.browser}`;
  return (
    <section className="extension-page__guide" aria-labelledby={headingId}>
      <h2 id={headingId}>{guide.heading}</h2>
      {missing ? (
        <p role="alert">
          {EXTENSION_NOT_BUILT_MESSAGE.replace(`${EXTENSION_BUILD_COMMAND}.`, '')}
          <code>{EXTENSION_BUILD_COMMAND}</code>.
        </p>
      ) : pending ? null : (
        <p>
          <a className="button button--primary" href={extensionDownloadPath(guide.browser)} download>
            {guide.download}
          </a>
          {download?.size ? (
            <span className="extension-page__size"> {formatFileSize(download.size)}</span>
          ) : null}
        </p>
      )}
      <ol className="extension-page__steps">
        <li>{firstStep(guide.browser)}</li>
        <li>{guide.steps[0]}</li>
        <li>{guide.steps[1]}</li>
      </ol>
      {guide.note ? <p className="extension-page__note">{guide.note}</p> : null}
    </section>
  );
}
