import { fetchInvoicePdf, isOwnInvoiceUrl } from '../../api/billing-api.js';
import { saveFile } from '../../secret-export/save-file.js';

/**
 * Opens an invoice's PDF. The provider's own URL (Stripe's, absolute) opens in a new tab; a PDF of
 * Coffer's server needs the session's Authorization header, so it is fetched with it and handed
 * over as a download through an object URL (the app's CSP keeps plugins and foreign frames out, so
 * a download is the one way every browser shows it).
 */
export async function openInvoicePdf(url: string, fileName: string): Promise<void> {
  if (!isOwnInvoiceUrl(url)) {
    // Only a web page of the provider: never a javascript: or data: address from an answer.
    if (new URL(url).protocol !== 'https:') throw new Error('Not an https address');
    window.open(url, '_blank', 'noopener,noreferrer');
    return;
  }
  saveFile(await fetchInvoicePdf(url), fileName);
}
