import { useId, useState } from 'react';
import { MSG } from '@payrail/contract/messages';
import type { TBannerAction } from '@payrail/contract/shell-reads';
import { Button } from '@payrail/ui/button';
import { notify } from '@payrail/ui/toast/notify';
import { SMALL_SCREEN, useMediaQuery } from '../../../lib/use-media-query';
import { useBanners } from '../api/get-banners';
import styles from './banner-carousel.module.css';

/** A banner's call to action: a real link, or a button that copies the referral code. */
function BannerAction({ action }: { action: TBannerAction }) {
  if (action.kind === 'link') {
    return (
      <Button to={action.href} size="sm" variant="secondary">
        {action.label}
      </Button>
    );
  }
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(action.code);
      notify.success(MSG.codeCopied);
    } catch {
      notify.error(`Your referral code is ${action.code}.`);
    }
  };
  return (
    <Button size="sm" variant="secondary" onClick={() => void copy()}>
      {action.label} ({action.code})
    </Button>
  );
}

/**
 * The sidebar's banners (spec §2), the set made for this screen size (`is_mobile`) and chosen by the
 * server for this borrower: a title, a line of text and a real call to action (not a picture of one).
 * It never moves by itself (WCAG 2.2.2): previous/next buttons change the slide and a status says which.
 */
export function BannerCarousel() {
  const small = useMediaQuery(SMALL_SCREEN);
  const { data } = useBanners();
  const [index, setIndex] = useState(0);
  const id = useId();
  const banners = (data ?? []).filter((banner) => banner.is_mobile === small);
  if (banners.length === 0) return null;
  const current = Math.min(index, banners.length - 1);
  const banner = banners[current]!;
  const go = (step: number) => setIndex((current + step + banners.length) % banners.length);
  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label="Offers for you">
      <div id={`${id}-slide`} className={styles.slide} role="group" aria-roledescription="slide" aria-label={`${current + 1} of ${banners.length}`}>
        <div className={styles.card}>
          <p className={styles.title}>{banner.title}</p>
          <p className={styles.text}>{banner.text}</p>
          {banner.action ? <BannerAction action={banner.action} /> : null}
        </div>
      </div>
      {banners.length > 1 ? (
        <div className={styles.controls}>
          <button type="button" className={styles.control} aria-controls={`${id}-slide`} aria-label="Previous offer" onClick={() => go(-1)}>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M10 3L5 8l5 5" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <span className={styles.position} aria-hidden="true">
            {current + 1} / {banners.length}
          </span>
          <button type="button" className={styles.control} aria-controls={`${id}-slide`} aria-label="Next offer" onClick={() => go(1)}>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M6 3l5 5-5 5" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        </div>
      ) : null}
    </section>
  );
}
