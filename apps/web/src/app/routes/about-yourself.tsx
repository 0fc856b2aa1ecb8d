import { logout } from '../../features/auth/api/logout';
import { AboutYourself } from '../../features/about-yourself/components/about-yourself';
import { useSession } from '../../lib/session-store';
import { useWorkflow } from '../workflow';

/** /application/about_yourself (status about_yourself): the first application step. */
export function Component() {
  const workflow = useWorkflow();
  const email = useSession((state) => state.user?.email ?? '');
  // Back only when the navigation stack has a page before this one (spec §2 "conditional Back").
  const canGoBack = useSession((state) => state.navigationStack.filter((s) => s !== 'phone_code_sent').length > 1);
  return (
    <AboutYourself
      email={email}
      onContinue={() => void workflow.next('about_yourself')}
      continuePending={workflow.pending === 'next'}
      onBack={canGoBack ? () => void workflow.back() : undefined}
      backPending={workflow.pending === 'back'}
      onLeadSubscribed={() => void logout()}
    />
  );
}
