import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MouseEvent, ReactNode } from 'react';
import type { AgreementName } from '@payrail/contract/reference';
import { notify } from '@payrail/ui/toast/notify';
import { agreementDocumentQueryOptions } from '../api/get-agreement-document';

export interface AgreementLinkProps {
  agreement: AgreementName;
  children: ReactNode;
  /** State abbreviation or id for state-specific versions. */
  state?: string;
}

export const DOCUMENT_ERROR = 'We could not open the document. Please try again.';

/**
 * A link to an agreement document that opens its `file_url` in a new window (spec §7). The document is
 * fetched while the link is on screen, so a click is a plain link to a known URL (no pop-up blocker); a
 * click before it arrived opens the window at once and points it at the document when it comes.
 */
export function AgreementLink({ agreement, children, state }: AgreementLinkProps) {
  const queryClient = useQueryClient();
  const { data } = useQuery(agreementDocumentQueryOptions(agreement, state));

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (data?.file_url) return;
    event.preventDefault();
    const opened = window.open('about:blank', '_blank');
    queryClient
      .fetchQuery(agreementDocumentQueryOptions(agreement, state))
      .then((document) => {
        if (opened) {
          opened.opener = null;
          opened.location.href = document.file_url;
        } else {
          window.open(document.file_url, '_blank', 'noopener');
        }
      })
      .catch(() => {
        opened?.close();
        notify.error(DOCUMENT_ERROR);
      });
  };

  return (
    <a href={data?.file_url ?? '#'} target="_blank" rel="noopener noreferrer" onClick={handleClick}>
      {children}
      <span className="visually-hidden"> (opens in a new window)</span>
    </a>
  );
}
