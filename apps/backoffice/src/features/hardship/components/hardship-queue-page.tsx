import { HardshipQueue } from './hardship-queue';
import { StaffPage } from '../../../components/staff-page';

/** /hardship: the borrowers' hardship requests (docs/hardship.md). */
export function HardshipQueuePage() {
  return (
    <StaffPage title="Hardship requests" capability="read">
      <HardshipQueue />
    </StaffPage>
  );
}
