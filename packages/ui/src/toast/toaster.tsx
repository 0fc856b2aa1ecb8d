import { notify, useIsActiveToastHost, useToasts } from './notify';
import type { Toast, ToastKind } from './notify';
import styles from './toaster.module.css';

const kindLabel: Record<ToastKind, string> = { success: 'Success', info: 'Information', warning: 'Warning', error: 'Error' };

function ToastIcon({ kind }: { kind: ToastKind }) {
  const paths: Record<ToastKind, string> = {
    success: 'M5 10.5l3 3 7-7',
    info: 'M10 9v5M10 6.2v.3',
    warning: 'M10 6v5M10 13.8v.3',
    error: 'M7 7l6 6M13 7l-6 6',
  };
  return (
    <svg className={styles.icon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path d={paths[kind]} stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" fill="none" />
    </svg>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const pause = () => notify.pause(toast.id);
  const resume = () => notify.resume(toast.id);
  return (
    <li className={`${styles.toast} ${styles[toast.kind]}`} onMouseEnter={pause} onMouseLeave={resume} onFocus={pause} onBlur={resume}>
      <ToastIcon kind={toast.kind} />
      <p className={styles.message}>
        <span className="visually-hidden">{kindLabel[toast.kind]}: </span>
        {toast.message}
      </p>
      <button type="button" className={styles.close} aria-label="Close notification" onClick={() => notify.dismiss(toast.id)}>
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}

/**
 * Renders notifications in two live regions that exist before any message arrives (screen readers
 * ignore regions inserted together with their content): polite for most, assertive for errors.
 */
export function Toaster() {
  const active = useIsActiveToastHost();
  const all = useToasts();
  // An inactive host keeps its (empty) live regions so they are ready when it becomes active again.
  const toasts = active ? all : [];
  const errors = toasts.filter((toast) => toast.kind === 'error');
  const others = toasts.filter((toast) => toast.kind !== 'error');
  return (
    <div className={styles.viewport}>
      <ul className={styles.list} aria-live="assertive" aria-relevant="additions" aria-label="Error notifications">
        {errors.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ul>
      <ul className={styles.list} aria-live="polite" aria-relevant="additions" aria-label="Notifications">
        {others.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ul>
    </div>
  );
}
