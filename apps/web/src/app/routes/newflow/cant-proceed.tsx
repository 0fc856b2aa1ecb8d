import { CantProceed } from '../../../features/newflow/components/status-pages';
import { WithChat } from './with-chat';

export function Component() {
  return <WithChat>{(openChat) => <CantProceed onChat={openChat} />}</WithChat>;
}
