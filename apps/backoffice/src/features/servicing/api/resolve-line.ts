import { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZRemittanceLine } from '@payrail/contract/servicing-backoffice';
import { backofficeApi } from '../../../lib/api-client';
import { SERVICING_PATHS, refresh } from './keys';

/** POST /remittances/lines/:id/resolve answers the line as resolved. */
const ZResolveAnswer = z.object({ line: ZRemittanceLine });

export type ResolveAction = { action: 'assign'; loan_id: number } | { action: 'reject'; reason: string };

export function useResolveLine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, body }: { lineId: number; body: ResolveAction }) =>
      backofficeApi.post(SERVICING_PATHS.resolve(lineId), body, { schema: ZResolveAnswer }),
    onSettled: () => refresh(client),
  });
}
