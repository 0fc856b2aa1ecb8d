import { useId, useState } from 'react';
import { SMALL_SCREEN, useMediaQuery } from '../../../lib/use-media-query';
import { useBanners } from '../api/get-banners';
import styles from './banner-carousel.module.css';

/**
 * The sidebar's marketing banners (spec §2), the set made for this screen size (`is_mobile`). It never
 * moves by itself (WCAG 2.2.2): previous/next buttons change the slide and a status says which one.
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
        <img className={styles.image} src={banner.url} alt={banner.title} width={small ? 320 : 728} height={small ? 100 : 90} loading="lazy" />
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
