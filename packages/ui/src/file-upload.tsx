import { useEffect, useId, useRef, useState } from 'react';
import type { ChangeEvent, DragEvent, ReactNode, Ref } from 'react';
import { formatFileSize, truncateDocumentName } from '@payrail/client/format';
import { Button } from './button';
import { FieldHint } from './field';
import styles from './file-upload.module.css';

export interface UploadProgressEvent {
  loaded: number;
  total: number;
  fraction: number;
}

/** Uploads one file; wire it to `apiClient.upload(path, formData, { onProgress, signal })`. */
export type FileUploader<R> = (file: File, options: { onProgress: (progress: UploadProgressEvent) => void; signal: AbortSignal }) => Promise<R>;

export interface FileUploadMessages {
  tooLarge?: (file: File, maxSize: number) => string;
  wrongType?: (file: File) => string;
  failed?: (file: File, error: unknown) => string;
}

export interface FileUploadProps<R> {
  label: string;
  hint?: ReactNode;
  /** MIME types ('image/png', 'image/*') and/or extensions ('.pdf'). */
  accept: readonly string[];
  /** Bytes, e.g. 5242880 for the 5 MB photo limit. */
  maxSize: number;
  multiple?: boolean;
  upload: FileUploader<R>;
  onUploaded?: (file: File, result: R) => void;
  /** Called when a finished upload is removed from the list (delete it on the server here). */
  onRemove?: (file: File, result: R | undefined) => void;
  messages?: FileUploadMessages;
  disabled?: boolean;
  /** False drops a file from this list once uploaded (when the caller lists stored files itself). */
  keepUploaded?: boolean;
  /** The "Choose files" button, for callers that move focus to it (after deleting a stored file). */
  buttonRef?: Ref<HTMLButtonElement>;
  /** Replaces the type and size checks: answers the refusal text, or null to upload (rules with a combined message). */
  validate?: (file: File) => string | null;
}

type ItemStatus = 'uploading' | 'done' | 'error';

interface Item<R> {
  id: number;
  file: File;
  status: ItemStatus;
  progress: number;
  error?: string;
  result?: R;
  controller?: AbortController;
}

export function fileMatchesAccept(file: File, accept: readonly string[]): boolean {
  if (accept.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept.some((entry) => {
    const rule = entry.trim().toLowerCase();
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}

function describeAccept(accept: readonly string[]): string {
  return accept.map((entry) => (entry.startsWith('.') ? entry.slice(1) : (entry.split('/')[1] ?? entry)).toUpperCase()).join(', ');
}

const MB = 1_000_000;
const MIB = 1024 * 1024;

/**
 * A size limit as people read it: whole decimal megabytes (2,000,000 → "2 MB", the document limit) or
 * whole binary ones (5,242,880 → "5 MB", the photo limit); anything else as formatFileSize reads it.
 */
export function formatSizeLimit(bytes: number): string {
  if (bytes >= MB && bytes % MB === 0) return `${bytes / MB} MB`;
  if (bytes >= MIB && bytes % MIB === 0) return `${bytes / MIB} MB`;
  return formatFileSize(bytes);
}

const defaultMessages: Required<FileUploadMessages> = {
  tooLarge: (file, maxSize) => `${file.name} is larger than ${formatSizeLimit(maxSize)}.`,
  wrongType: (file) => `${file.name} is not a supported file type.`,
  failed: (file) => `${file.name} could not be uploaded. Please try again.`,
};

let nextItemId = 1;

/** Drag-and-drop or button file picker with validation, per-file progress and removal. */
export function FileUpload<R>({
  label,
  hint,
  accept,
  maxSize,
  multiple = false,
  upload,
  onUploaded,
  onRemove,
  messages,
  disabled,
  keepUploaded = true,
  buttonRef,
  validate,
}: FileUploadProps<R>) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item<R>[]>([]);
  const [rejections, setRejections] = useState<string[]>([]);
  const [status, setStatus] = useState('');
  const [dragging, setDragging] = useState(false);
  const text = { ...defaultMessages, ...messages };
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);
  // Leaving the page cancels uploads still in flight.
  useEffect(() => () => itemsRef.current.forEach((item) => item.controller?.abort()), []);

  const patch = (itemId: number, change: Partial<Item<R>>) => setItems((list) => list.map((item) => (item.id === itemId ? { ...item, ...change } : item)));

  const start = (file: File) => {
    // A single-file field replaces its file, so an upload still running for the old one stops.
    if (!multiple) itemsRef.current.forEach((other) => other.controller?.abort());
    const controller = new AbortController();
    const item: Item<R> = { id: nextItemId++, file, status: 'uploading', progress: 0, controller };
    setItems((list) => (multiple ? [...list, item] : [item]));
    setStatus(`Uploading ${file.name}.`);
    upload(file, { signal: controller.signal, onProgress: ({ fraction }) => patch(item.id, { progress: Math.round(fraction * 100) }) })
      .then((result) => {
        if (keepUploaded) patch(item.id, { status: 'done', progress: 100, result, controller: undefined });
        else setItems((list) => list.filter((other) => other.id !== item.id));
        setStatus(`${file.name} uploaded.`);
        onUploaded?.(file, result);
      })
      .catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        const message = text.failed(file, error);
        patch(item.id, { status: 'error', error: message, controller: undefined });
        setStatus(message);
      });
  };

  const addFiles = (files: FileList | File[]) => {
    const list = Array.from(files).slice(0, multiple ? undefined : 1);
    const problems: string[] = [];
    for (const file of list) {
      const refusal = validate ? validate(file) : null;
      if (validate) {
        if (refusal) problems.push(refusal);
        else start(file);
      } else if (!fileMatchesAccept(file, accept)) problems.push(text.wrongType(file));
      else if (file.size > maxSize) problems.push(text.tooLarge(file, maxSize));
      else start(file);
    }
    setRejections(problems);
  };

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (event.target.files) addFiles(event.target.files);
    // Lets the same file be chosen again after a removal.
    event.target.value = '';
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled && event.dataTransfer.files.length > 0) addFiles(event.dataTransfer.files);
  };

  const remove = (item: Item<R>) => {
    item.controller?.abort();
    setItems((list) => list.filter((other) => other.id !== item.id));
    setStatus(`${item.file.name} removed.`);
    if (item.status === 'done') onRemove?.(item.file, item.result);
  };

  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const rulesId = `${id}-rules`;
  const chooseText = multiple ? 'Choose files' : 'Choose a file';
  return (
    <div className={styles.wrapper}>
      <p id={labelId} className={styles.label}>
        {label}
      </p>
      <FieldHint id={hint ? hintId : undefined}>{hint}</FieldHint>
      <div
        className={styles.zone}
        data-dragging={dragging || undefined}
        data-disabled={disabled || undefined}
        onDragEnter={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
      >
        <svg className={styles.zoneIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M12 16V4m0 0l-4 4m4-4l4 4M4 16v2a2 2 0 002 2h12a2 2 0 002-2v-2"
            stroke="currentColor"
            strokeWidth="1.8"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <p className={styles.zoneText}>Drag and drop {multiple ? 'files' : 'a file'} here, or</p>
        {/* Several uploaders share a page: the name says which one (it starts with the visible text). */}
        <Button
          ref={buttonRef}
          variant="secondary"
          size="sm"
          disabled={disabled}
          onClick={() => inputRef.current?.click()}
          aria-label={`${chooseText} for ${label}`}
          aria-describedby={[hint ? hintId : null, rulesId].filter(Boolean).join(' ')}
        >
          {chooseText}
        </Button>
        <p id={rulesId} className={styles.rules}>
          {describeAccept(accept)} · up to {formatSizeLimit(maxSize)}
        </p>
        <input
          ref={inputRef}
          type="file"
          hidden
          accept={accept.join(',')}
          multiple={multiple}
          disabled={disabled}
          aria-labelledby={labelId}
          data-testid="file-upload-input"
          onChange={onInputChange}
        />
      </div>

      <div role="alert" className={styles.rejections}>
        {rejections.map((message) => (
          <p key={message} className={styles.rejection}>
            {message}
          </p>
        ))}
      </div>

      {items.length > 0 ? (
        <ul className={styles.items} aria-label={`${label}: files`}>
          {items.map((item) => {
            const shortName = truncateDocumentName(item.file.name);
            return (
              <li key={item.id} className={styles.item} data-status={item.status}>
                <div className={styles.itemHead}>
                  <span className={styles.itemName} title={item.file.name}>
                    {shortName}
                  </span>
                  <span className={styles.itemSize}>{formatFileSize(item.file.size)}</span>
                  <Button variant="ghost" size="sm" onClick={() => remove(item)} aria-label={`Remove ${item.file.name}`}>
                    Remove
                  </Button>
                </div>
                {item.status === 'uploading' ? (
                  <progress className={styles.progress} max={100} value={item.progress} aria-label={`Uploading ${item.file.name}`}>
                    {item.progress}%
                  </progress>
                ) : null}
                {item.status === 'done' ? <p className={styles.itemDone}>Uploaded</p> : null}
                {item.status === 'error' ? <p className={styles.itemError}>{item.error}</p> : null}
              </li>
            );
          })}
        </ul>
      ) : null}

      <p role="status" className="visually-hidden">
        {status}
      </p>
    </div>
  );
}
