import { useEffect } from 'react';
import { useStore } from '../../lib/create-store.js';
import { modalStore } from '../../lib/modal-store.js';

/** Renders the open modals (the top one last) and stops the page behind from scrolling. */
export function ModalHost() {
  const stack = useStore(modalStore);
  const open = stack.length > 0;

  useEffect(() => {
    if (!open) return;
    document.body.classList.add('modal-open');
    return () => document.body.classList.remove('modal-open');
  }, [open]);

  return (
    <>
      {stack.map((entry) => (
        <div key={entry.id} className="modal-layer">
          {entry.node}
        </div>
      ))}
    </>
  );
}
