import { COPIED_MS } from '@coffer/core';
import { useEffect, useState } from 'react';
import { notify } from '../../lib/notification-store.js';

/** The message when the browser refuses the clipboard. */
export const COPY_FAILED_MESSAGE = 'Copying to the clipboard is not available here.';

/** Copies a value to the clipboard; the button reads 'Copied' for 1 s (spec section 9). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      notify({ type: 'error', message: COPY_FAILED_MESSAGE });
    }
  };

  return (
    <button
      type="button"
      className="button button--secondary button--small secret-copy"
      aria-label={copied ? `${label} copied` : `Copy ${label}`}
      onClick={() => void copy()}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
