// The extension's manifest: one for Chromium (a service worker) and one for Firefox (background scripts,
// its add-on id). Everything else is the same code and the same permissions.

/** Permissions and why: see docs/extension.md ("What it may touch"). */
const common = (version) => ({
  manifest_version: 3,
  name: 'Coffer',
  short_name: 'Coffer',
  version,
  description: 'Fill and save your Coffer logins. Your secrets are decrypted only in your browser.',
  action: {
    default_popup: 'popup.html',
    default_title: 'Coffer',
    default_icon: { 16: 'icon-16.png', 48: 'icon-48.png', 128: 'icon-128.png' },
  },
  icons: { 16: 'icon-16.png', 48: 'icon-48.png', 128: 'icon-128.png' },
  permissions: ['storage', 'activeTab', 'scripting', 'alarms', 'clipboardWrite'],
  host_permissions: ['<all_urls>'],
  content_scripts: [
    {
      matches: ['http://*/*', 'https://*/*'],
      js: ['content-watch.js'],
      run_at: 'document_idle',
      all_frames: false,
    },
  ],
  commands: {
    _execute_action: { suggested_key: { default: 'Ctrl+Shift+K', mac: 'Command+Shift+K' } },
    'fill-login': {
      suggested_key: { default: 'Ctrl+Shift+L', mac: 'Command+Shift+L' },
      description: 'Fill the best matching login into this page',
    },
  },
  content_security_policy: { extension_pages: "script-src 'self'; object-src 'self'" },
});

export function chromiumManifest(version) {
  return {
    ...common(version),
    background: { service_worker: 'service-worker.js', type: 'module' },
    minimum_chrome_version: '121',
  };
}

export function firefoxManifest(version) {
  return {
    ...common(version),
    background: { scripts: ['service-worker.js'], type: 'module' },
    browser_specific_settings: {
      gecko: {
        id: 'extension@coffer.app',
        strict_min_version: '140.0',
        // Sign-in proofs and (encrypted) logins go to the Coffer server the user chose, and nowhere else.
        data_collection_permissions: { required: ['authenticationInfo'] },
      },
    },
  };
}
