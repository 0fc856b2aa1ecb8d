import { useQueryClient } from '@tanstack/react-query';
import { notify } from '@payrail/ui/toast/notify';
import { sessionQueryOptions } from '../../features/session/api/get-session';
import { DocumentsStep } from '../../features/documents/components/documents-step';
import { useSession } from '../../lib/session-store';
import { goToNextStatus, useWorkflow } from '../workflow';

export const DOCUMENTS_SAVED = 'Your documents were saved.';

/** /application/documents (step 3; statuses documents and the three *_uploaded ones). */
export function Component() {
  const queryClient = useQueryClient();
  const status = useSession((state) => state.user?.workflow_status) ?? 'documents';
  const workflow = useWorkflow();
  return (
    <DocumentsStep
      onContinue={async () => {
        const next = await goToNextStatus(status);
        queryClient.setQueryData(sessionQueryOptions().queryKey, (old) => (old ? { ...old, workflow_status: next } : old));
        if (next !== status) notify.success(DOCUMENTS_SAVED);
      }}
      onBack={() => void workflow.back()}
      backPending={workflow.pending === 'back'}
    />
  );
}
