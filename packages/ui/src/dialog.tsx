import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, MouseEvent, ReactNode, SyntheticEvent } from 'react';
import { Toaster } from './toast/toaster';
import styles from './dialog.module.css';

export interface DialogProps {
  open: boolean;
  /** Called for Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Action buttons, laid out at the bottom. */
  footer?: ReactNode;
  closeLabel?: string;
  /** Off for dialogs that must be answered (the close button and Escape still work). */
  closeOnBackdrop?: boolean;
}

/**
 * Modal dialog on the native <dialog> element: showModal() gives the top layer, inert background
 * and focus containment. 500 px wide from medium screens, full screen on small ones.
 */
export function Dialog({ open, onClose, title, description, children, footer, closeLabel = 'Close dialog', closeOnBackdrop = true }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = description ? `${id}-description` : undefined;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // Browsers move focus inside on showModal(); make sure of it for engines that do not.
      if (!dialog.contains(document.activeElement)) {
        const first = dialog.querySelector<HTMLElement>('[autofocus], button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])');
        (first ?? dialog).focus();
      }
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Focus goes back to whatever opened the dialog, whether it closed or was unmounted while open.
  useEffect(() => {
    if (open) return undefined;
    const target = returnFocusTo.current;
    returnFocusTo.current = null;
    if (target?.isConnected) target.focus();
    return undefined;
  }, [open]);
  useEffect(
    () => () => {
      const target = returnFocusTo.current;
      if (target?.isConnected) target.focus();
    },
    [],
  );

  const handleKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // Handled here so React state stays the single source of truth for `open`.
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  };

  const handleCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };

  const handleClick = (event: MouseEvent<HTMLDialogElement>) => {
    // Only the backdrop hits the <dialog> element itself; the panel inside covers the box.
    if (closeOnBackdrop && event.target === ref.current) onClose();
  };

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onKeyDown={handleKeyDown}
      onCancel={handleCancel}
      onClick={handleClick}
      onClose={() => {
        // The platform closed it (e.g. a form with method="dialog"); tell the owner.
        if (open) onClose();
      }}
    >
      {open ? (
        <div className={styles.panel}>
          <header className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.close} aria-label={closeLabel} onClick={onClose}>
              <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </header>
          <div className={styles.body}>
            {description ? (
              <p id={descriptionId} className={styles.description}>
                {description}
              </p>
            ) : null}
            {children}
          </div>
          {footer ? <footer className={styles.footer}>{footer}</footer> : null}
          {/* Outside the dialog the page is inert, so notifications must be shown from in here. */}
          <Toaster />
        </div>
      ) : null}
    </dialog>
  );
}
