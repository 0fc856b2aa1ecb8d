import { formatUsPhone } from '../../lib/format';
import { useSession } from '../../lib/session-store';
import styles from './dashboard.module.css';

/** /dashboard/personal-information (named route personalInformation): what the session already knows. */
export function Component() {
  const user = useSession((state) => state.user);
  const name = [user?.first_name, user?.last_name].filter(Boolean).join(' ');
  return (
    <>
      <h1>Personal Information</h1>
      <dl className={styles.facts}>
        <dt>Name</dt>
        <dd>{name || 'Not given yet'}</dd>
        <dt>E-mail</dt>
        <dd>{user?.email}</dd>
        <dt>Mobile phone</dt>
        <dd>{user?.phone ? `${formatUsPhone(user.phone)}${user.phone_confirmed ? ' (verified)' : ' (not verified)'}` : 'Not given yet'}</dd>
      </dl>
      <section className={styles.note} aria-labelledby="personal-next">
        <h2 id="personal-next">Coming in the dashboard release</h2>
        <p>Your address, date of birth and profile photo, and the forms to change your phone number and address, will be here.</p>
      </section>
    </>
  );
}
