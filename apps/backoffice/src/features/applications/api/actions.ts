import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backofficeApi } from '../../../lib/api-client';
import { ZAllowedStatusesResponse, ZEmployerReviewFacts, ZStaffActionResponse } from '@payrail/contract/application';
import type {
  TStaffActionResponse,
  TStaffCancelRequest,
  TStaffDeclineRequest,
  TStaffDenyRequest,
  TStaffEmployerReviewRequest,
  TStaffFeedbackRequest,
  TStaffStatusRequest,
} from '@payrail/contract/application';
import { ZPresignedLinkCreated } from '@payrail/contract/identity';
import { applicationKey } from './detail';

const base = (userId: number) => `/applications/${userId}`;

export const allowedStatusesKey = (userId: number) => ['backoffice', 'allowed-statuses', userId] as const;

/** GET …/allowed_statuses */
export function useAllowedStatuses(userId: number, enabled = true) {
  return useQuery({
    queryKey: allowedStatusesKey(userId),
    queryFn: () => backofficeApi.get(`${base(userId)}/allowed_statuses`, { schema: ZAllowedStatusesResponse }),
    enabled,
  });
}

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
  return backofficeApi.post(`${base(userId)}/${action.kind}`, body, { schema: ZStaffActionResponse });
}

/** GET …/employer_review: the employer a new-flow applicant typed in and listed employers close to it. */
export function useEmployerReview(userId: number, enabled = true) {
  return useQuery({
    queryKey: [...applicationKey(userId), 'employer-review'],
    queryFn: () => backofficeApi.get(`${base(userId)}/employer_review`, { schema: ZEmployerReviewFacts }),
    enabled,
  });
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

/** POST /api/backoffice/presigned_links — e-mails the borrower a one-time sign-in link. */
export function useCreatePresignedLink() {
  return useMutation({
    mutationFn: (email: string) => backofficeApi.post('/presigned_links', { email }, { schema: ZPresignedLinkCreated }),
  });
}
