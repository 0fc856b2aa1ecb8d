import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { SMALL_SCREEN, useMediaQuery } from '../../lib/use-media-query';
import styles from './card-section.module.css';

/**
 * Collapsible sections of a long page (issue #33: Loans & Payments was ~7,000 px tall on a phone). On a
 * narrow screen each card's heading holds a disclosure button (aria-expanded, aria-controls: the WAI-ARIA
 * disclosure pattern, so Enter/Space toggle it and screen readers say "collapsed"/"expanded"); its body is
 * hidden, not unmounted, so a half-filled form keeps what was typed. Which sections are open is kept by
 * the page (it survives a card's re-render or reload of its data); some start open. On wider screens, and
 * on pages without {@link CollapsibleSections}, a card is a plain section, exactly as before.
 */
interface SectionsDisclosure {
  readonly collapsible: boolean;
  isOpen(id: string): boolean;
  toggle(id: string): void;
}

const DisclosureContext = createContext<SectionsDisclosure | null>(null);

export function CollapsibleSections({ defaultOpen, children }: { defaultOpen: readonly string[]; children: ReactNode }) {
  const collapsible = useMediaQuery(SMALL_SCREEN);
  const [chosen, setChosen] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  const initially = useCallback((id: string) => defaultOpen.includes(id), [defaultOpen]);
  const toggle = useCallback((id: string) => setChosen((current) => new Map(current).set(id, !(current.get(id) ?? initially(id)))), [initially]);
  const value = useMemo<SectionsDisclosure>(
    () => ({ collapsible, isOpen: (id) => chosen.get(id) ?? initially(id), toggle }),
    [collapsible, chosen, initially, toggle],
  );
  return <DisclosureContext value={value}>{children}</DisclosureContext>;
}

export interface CardSectionProps {
  /** The heading's id (the section is labelled by it); also the key of its open state. */
  id: string;
  title: ReactNode;
  headingLevel?: 2 | 3;
  /** The card's look (its feature's `card` class). */
  className?: string;
  children: ReactNode;
}

/** A card (section + heading): collapsible inside {@link CollapsibleSections} on a narrow screen. */
export function CardSection({ id, title, headingLevel = 2, className, children }: CardSectionProps) {
  const disclosure = useContext(DisclosureContext);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (!disclosure?.collapsible) {
    return (
      <section className={className} aria-labelledby={id}>
        <Heading id={id}>{title}</Heading>
        {children}
      </section>
    );
  }
  const open = disclosure.isOpen(id);
  const bodyId = `${id}-body`;
  return (
    <section
      className={[className, styles.collapsible, open ? null : styles.collapsed].filter(Boolean).join(' ')}
      aria-labelledby={id}
      data-collapsed={open ? undefined : true}
    >
      <Heading id={id} className={styles.disclosureHeading}>
        <button type="button" className={styles.disclosure} aria-expanded={open} aria-controls={bodyId} onClick={() => disclosure.toggle(id)}>
          <span>{title}</span>
          <span className={styles.disclosureIcon} aria-hidden="true" />
        </button>
      </Heading>
      <div id={bodyId} className={styles.disclosureBody} hidden={!open}>
        {children}
      </div>
    </section>
  );
}
