import { useMutation } from '@tanstack/react-query';
import { backofficeApi } from '../../../lib/api-client';
import { ZPresignedLinkCreated } from '@payrail/contract/identity';

/** POST /api/backoffice/presigned_links — e-mails the borrower a one-time sign-in link. */
export function useCreatePresignedLink() {
  return useMutation({
    mutationFn: (email: string) => backofficeApi.post('/presigned_links', { email }, { schema: ZPresignedLinkCreated }),
  });
}
