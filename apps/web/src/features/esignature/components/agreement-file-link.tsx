import { useEffect, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { notify } from '@payrail/ui/toast/notify';
import { getAgreementFile } from '../api/esignature-api';
import type { TEsignAgreement } from '../api/esignature-api';

export const AGREEMENT_OPEN_ERROR = 'We could not open the document. Please refresh the page and try again.';

export interface AgreementFileLinkProps {
  agreement: Pick<TEsignAgreement, 'id' | 'file_url'>;
  children: ReactNode;
  /** A blob URL already loaded (the promissory note); otherwise the file is fetched on click. */
  blobUrl?: string;
}

/**
 * A link to one of the member's agreements. The files need the session token, so the link opens a
 * blob URL: the one given, or one fetched on click (the window opens first so no pop-up blocker bites).
 */
export function AgreementFileLink({ agreement, children, blobUrl }: AgreementFileLinkProps) {
  const [fetched, setFetched] = useState<string | undefined>();
  useEffect(
    () => () => {
      if (fetched) URL.revokeObjectURL(fetched);
    },
    [fetched],
  );
  const href = blobUrl ?? fetched;

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (href) return;
    event.preventDefault();
    const opened = window.open('about:blank', '_blank');
    getAgreementFile(agreement)
      .then((blob) => {
        const url = URL.createObjectURL(blob);
        setFetched(url);
        if (opened) opened.location.href = url;
        else window.open(url, '_blank');
      })
      .catch(() => {
        opened?.close();
        notify.error(AGREEMENT_OPEN_ERROR);
      });
  };

  return (
    <a href={href ?? agreement.file_url} target="_blank" rel="noopener" onClick={handleClick}>
      {children}
      <span className="visually-hidden"> (opens in a new window)</span>
    </a>
  );
}
