/** The name of the downloaded recovery codes file. */
export const RECOVERY_CODES_FILE_NAME = 'coffer-recovery-codes.txt';

/** The text file's content: a heading line and one code per line. */
export function formatRecoveryCodes(codes: readonly string[]): string {
  return ['Coffer recovery codes', '', ...codes, ''].join('\n');
}

/** Saves the codes as a text file through a Blob object URL (nothing leaves the browser). */
export function downloadRecoveryCodes(codes: readonly string[]): void {
  const blob = new Blob([formatRecoveryCodes(codes)], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = RECOVERY_CODES_FILE_NAME;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has its URL.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The body class that makes the print style sheet show only the recovery codes. */
export const PRINT_CODES_CLASS = 'print-recovery-codes';

/** Prints only the recovery codes panel (see two-factor.css, @media print). */
export function printRecoveryCodes(): void {
  const { body } = document;
  body.classList.add(PRINT_CODES_CLASS);
  // Only print media see the class, so it may stay until the dialog closes.
  window.addEventListener('afterprint', () => body.classList.remove(PRINT_CODES_CLASS), { once: true });
  window.print();
}
