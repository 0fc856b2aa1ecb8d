import { Button } from '@payrail/ui/button';
import { usePageTitle } from '../title';
import styles from './not-found.module.css';

export function Component() {
  usePageTitle('Page not found');
  return (
    <main id="main" className={styles.page}>
      <h1>Page not found</h1>
      <p>This page of the employer portal does not exist.</p>
      <Button to="/deductions">Go to Deductions</Button>
    </main>
  );
}
