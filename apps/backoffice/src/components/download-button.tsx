import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@payrail/ui/button';
import { notify } from '@payrail/ui/toast/notify';
import { saveFile } from '../lib/save-file';

/**
 * A small button that fetches one file (a PDF, a CSV, a Metro 2 file) and saves it under `fileName`; busy
 * while it loads, and a toast with `failure` (or what it makes of the error) when the fetch fails.
 */
export function DownloadButton({
  fetchFile,
  fileName,
  failure,
  label,
  children,
}: {
  fetchFile: () => Promise<Blob>;
  fileName: string;
  failure: string | ((error: unknown) => string);
  /** The accessible name: which file this row's button downloads. */
  label: string;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await fetchFile(), fileName);
    } catch (error) {
      notify.error(typeof failure === 'string' ? failure : failure(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="secondary" loading={busy} onClick={() => void download()} aria-label={label}>
      {children}
    </Button>
  );
}
