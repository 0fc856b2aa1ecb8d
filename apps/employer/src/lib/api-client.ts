import { notify } from '@payrail/ui/toast/notify';
import { createStaffApiClient } from '@payrail/client/staff-api-client';
import { employerSession } from './employer-session';

/** The employer portal's API client: the shared HTTP layer with the employer session (token in `authorization`). */
export const portalApi = createStaffApiClient<'api'>({
  bases: { api: `${import.meta.env.VITE_API_BASE || '/api'}/employer_portal` },
  defaultBase: 'api',
  session: employerSession,
  notify,
});

/** Saves a blob as a file (the CSV download): a temporary object URL clicked as a link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
