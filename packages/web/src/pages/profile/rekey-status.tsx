/** What the screen says while the browser re-seals the private key under new keys (password or e-mail change). */
export function RekeyStatus({ busy }: { busy: boolean }) {
  if (!busy) return null;
  return (
    <p className="form-status" role="status">
      Re-encrypting your key…
    </p>
  );
}
