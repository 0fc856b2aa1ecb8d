import { useMatches } from 'react-router';
import { Container } from '../../components/layout/container';
import { BRAND } from '../../lib/brand';
import { pageTitleFromMatches } from '../route-handle';
import styles from './later-release.module.css';

/**
 * A classic-flow step whose screen belongs to a later release (about yourself, loan terms, bank, …).
 * It says so plainly instead of showing a form that would not work; the borrower's status is real and
 * their progress is kept.
 */
export function Component() {
  const title = pageTitleFromMatches(useMatches()) ?? 'Your application';
  return (
    <Container width="narrow">
      <section className={styles.panel} aria-labelledby="later-title">
        <p className={styles.tag}>Coming in the next release</p>
        <h1 id="later-title">{title}</h1>
        <p>Your application is at this step. Its screen opens in the next release of {BRAND.name}; nothing you did so far is lost, and you will continue from here.</p>
        <p className={styles.muted}>
          Want to finish sooner? Call customer service at <a href={BRAND.supportPhoneHref}>{BRAND.supportPhone}</a>.
        </p>
      </section>
    </Container>
  );
}
