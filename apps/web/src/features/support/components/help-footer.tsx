import { useState } from 'react';
import { Button } from '@payrail/ui/button';
import { BRAND } from '../../../lib/brand';
import { ChatDialogOnDemand } from './chat-dialog-on-demand';
import styles from './help-footer.module.css';

/** The help footer of the new-UI shell (spec §2): call customer service, or send a question answered by e-mail (the spec's "chat" is a message form, and says so). */
export function HelpFooter() {
  const [chatOpen, setChatOpen] = useState(false);
  return (
    <aside className={styles.help} aria-labelledby="help-footer-title">
      <div className={styles.inner}>
        <div>
          <h2 id="help-footer-title" className={styles.title}>
            Need help?
          </h2>
          <p className={styles.text}>Customer service answers Monday to Friday, 8 a.m. to 8 p.m. ET.</p>
        </div>
        <div className={styles.actions}>
          <Button href={BRAND.supportPhoneHref} variant="secondary">
            Call {BRAND.supportPhone}
          </Button>
          <Button onClick={() => setChatOpen(true)}>E-mail us a question</Button>
        </div>
      </div>
      <ChatDialogOnDemand open={chatOpen} onClose={() => setChatOpen(false)} />
    </aside>
  );
}
