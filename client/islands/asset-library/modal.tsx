// The island's dialogs: a native <dialog> opened as a modal (Escape and the Close buttons close it),
// and the error modal (spec section 8): the generic one, a file's own error, a crop's Error.
import { type ReactNode, useEffect, useId, useRef } from 'react';

interface ModalProps {
  title: string;
  closeLabel: string;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}

export function Modal({ title, closeLabel, onClose, children, footer, className }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    return () => {
      if (!element?.open) return;
      if (typeof element.close === 'function') element.close();
      else element.removeAttribute('open');
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className={`modal asset-modal${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal-content">
        <div className="modal-header">
          <h2 className="modal-title" id={titleId}>{title}</h2>
          <button type="button" className="modal-close" aria-label={closeLabel} onClick={onClose} />
        </div>
        <div className="modal-body">{children}</div>
        <div className="modal-footer">{footer ?? <button type="button" className="button button-primary" onClick={onClose}>{closeLabel}</button>}</div>
      </div>
    </dialog>
  );
}

export interface ErrorMessage {
  title: string;
  message: string;
}

export function ErrorModal({ error, closeLabel, onClose }: { error: ErrorMessage; closeLabel: string; onClose(): void }) {
  return (
    <Modal title={error.title} closeLabel={closeLabel} onClose={onClose} className="asset-error-modal">
      <p role="alert" data-asset-error>{error.message}</p>
    </Modal>
  );
}
