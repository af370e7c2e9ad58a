/**
 * Hands a file made in this browser to the user as a download: an object URL on a temporary link,
 * revoked once the download has started. The file never travels over the network.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task; the URL must not outlive it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
