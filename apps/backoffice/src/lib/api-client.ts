import { notify } from '@payrail/ui/toast/notify';
import { createStaffApiClient } from '@payrail/client/staff-api-client';
import { staffSession } from './staff-session';

const API_BASE = import.meta.env.VITE_API_BASE || '/api';

/** The staff API client: same HTTP layer as the borrower app, with the staff session and rules. */
export const backofficeApi = createStaffApiClient<'api' | 'public'>({
  bases: { api: `${API_BASE}/backoffice`, public: API_BASE },
  defaultBase: 'api',
  session: staffSession,
  notify,
});
