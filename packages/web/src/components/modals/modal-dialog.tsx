import type { KeyboardEvent, ReactNode } from 'react';
import { useId, useRef } from 'react';
import { useFocusTrap } from './use-focus-trap.js';
import './modals.css';

/** Props of the accessible frame every modal is built on. */
export interface ModalDialogProps {
  title: ReactNode;
  /** Text under the title; it becomes the dialog's description for screen readers. */
  subtext?: ReactNode;
  /** Esc, a click on the backdrop. */
  onCancel: () => void;
  /** Enter pressed anywhere but on a button, link or text area (those keep their own Enter). */
  onEnter?: () => void;
  /** Body and footer buttons. Mark the button to focus first with `data-autofocus`. */
  children: ReactNode;
  /** Extra class for the dialog box (width variants and the like). */
  className?: string;
}

/** The frame of a modal: role=dialog, aria-modal, labelled and described, focus trapped and returned. */
export function ModalDialog({ title, subtext, onCancel, onEnter, children, className }: ModalDialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const subtextId = useId();
  useFocusTrap(ref);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key !== 'Enter' || !onEnter || keepsOwnEnter(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
    onEnter();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click outside is a mouse shortcut for Esc, which the dialog handles
    <div
      className="modal-backdrop"
      onMouseDown={(event) => event.target === event.currentTarget && onCancel()}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={subtext ? subtextId : undefined}
        tabIndex={-1}
        className={className ? `modal ${className}` : 'modal'}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {subtext ? (
          <p id={subtextId} className="modal__subtext">
            {subtext}
          </p>
        ) : null}
        {children}
      </div>
    </div>
  );
}

function keepsOwnEnter(target: EventTarget): boolean {
  return target instanceof HTMLElement && target.matches('button, a[href], textarea, [role="button"]');
}
