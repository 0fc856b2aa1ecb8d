import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backofficeApi } from '../../../lib/api-client';
import { ZStaffActionResponse } from '@payrail/contract/application';
import type {
  TStaffActionResponse,
  TStaffCancelRequest,
  TStaffDeclineRequest,
  TStaffDenyRequest,
  TStaffEmployerReviewRequest,
  TStaffFeedbackRequest,
  TStaffStatusRequest,
} from '@payrail/contract/application';
import { applicationKey } from '../../../lib/query';
import { applicationPath } from './application-path';
import { allowedStatusesKey } from './get-allowed-statuses';

export type ReviewAction =
  | { kind: 'status'; body: TStaffStatusRequest }
  | { kind: 'feedback'; body: TStaffFeedbackRequest }
  | { kind: 'approve' }
  | { kind: 'approve_allotment' }
  | { kind: 'decline'; body: TStaffDeclineRequest }
  | { kind: 'deny'; body: TStaffDenyRequest }
  | { kind: 'drop' }
  | { kind: 'employer_review'; body: TStaffEmployerReviewRequest }
  | { kind: 'cancel'; body: TStaffCancelRequest };

/** POST …/{status|feedback|approve|approve_allotment|decline|deny|drop|employer_review|cancel}. */
export function runReviewAction(userId: number, action: ReviewAction): Promise<TStaffActionResponse> {
  const body = 'body' in action ? action.body : undefined;
  return backofficeApi.post(`${applicationPath(userId)}/${action.kind}`, body, { schema: ZStaffActionResponse });
}

/** Runs a reviewer action, then reloads the application and what may be done next. */
export function useReviewAction(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ReviewAction) => runReviewAction(userId, action),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: applicationKey(userId) }),
        queryClient.invalidateQueries({ queryKey: allowedStatusesKey(userId) }),
        queryClient.invalidateQueries({ queryKey: ['backoffice', 'queue'] }),
      ]);
    },
  });
}
