// Modals: openers (openConfirm, ...) over one host; new kinds build on ModalDialog and openModal.
export type { ConfirmOptions } from './confirm-modal.js';
export { ConfirmModal, openConfirm } from './confirm-modal.js';
export type { InputModalOptions } from './input-modal.js';
export { InputModal, openInputModal } from './input-modal.js';
export type { LinkModalOptions, LinkOption } from './link-modal.js';
export { LinkModal, openLinkModal } from './link-modal.js';
export type { ModalDialogProps } from './modal-dialog.js';
export { ModalDialog } from './modal-dialog.js';
export { ModalHost } from './modal-host.js';
export type { ModalEntry } from './modal-store.js';
export { closeAllModals, isModalOpen, modalStore, openModal } from './modal-store.js';
export type { SelectModalOptions, SelectOption } from './select-modal.js';
export { openSelectModal, SelectModal } from './select-modal.js';
