import { Button } from '@payrail/ui/button';
import { usePageTitle } from '../app/title';
import styles from './not-found-page.module.css';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <main id="main" className={styles.page}>
      <h1>PAGE NOT FOUND</h1>
      <p>This back-office page does not exist.</p>
      <Button to="/">Go to the back-office home</Button>
    </main>
  );
}
