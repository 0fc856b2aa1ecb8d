import { Dropped } from '../../../features/newflow/components/status-pages';
import { WithChat } from './with-chat';

export function Component() {
  return <WithChat>{(openChat) => <Dropped onChat={openChat} />}</WithChat>;
}
