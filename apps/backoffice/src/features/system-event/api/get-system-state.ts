import { useQuery } from '@tanstack/react-query';
import { backofficeApi } from '../../../lib/api-client';
import { ZSystemState } from '@payrail/contract/platform';
import { systemStateKey } from './keys';

/** GET /api/current_system_state (public): the active event, if any. */
export function useSystemState() {
  return useQuery({
    queryKey: systemStateKey,
    queryFn: () => backofficeApi.get('/current_system_state', { base: 'public', auth: false, schema: ZSystemState }),
  });
}
