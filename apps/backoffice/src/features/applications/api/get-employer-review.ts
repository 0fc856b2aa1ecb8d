import { useQuery } from '@tanstack/react-query';
import { backofficeApi } from '../../../lib/api-client';
import { ZEmployerReviewFacts } from '@payrail/contract/application';
import { applicationKey } from '../../../lib/query';
import { applicationPath } from './application-path';

/** GET …/employer_review: the employer a new-flow applicant typed in and listed employers close to it. */
export function useEmployerReview(userId: number, enabled = true) {
  return useQuery({
    queryKey: [...applicationKey(userId), 'employer-review'],
    queryFn: () => backofficeApi.get(`${applicationPath(userId)}/employer_review`, { schema: ZEmployerReviewFacts }),
    enabled,
  });
}
