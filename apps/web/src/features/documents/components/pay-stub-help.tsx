import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { TEmployer } from '@payrail/contract/reference';
import { Button } from '@payrail/ui/button';
import { Dialog } from '@payrail/ui/dialog';
import styles from './documents.module.css';

/** The Postal Service's steps to a pay stub (earnings statement) in LiteBlue / PostalEASE. */
export const POSTAL_PAY_STUB_STEPS = [
  'Sign in to LiteBlue (liteblue.usps.gov) with your employee ID and password.',
  'Open "My HR", then "PostalEASE", and choose "Employee Earnings Statement".',
  'Pick your most recent pay period and open the statement.',
  'Save it as a PDF, or take a clear picture of the whole page, and upload it here.',
] as const;

export const POSTAL_HELP_BUTTON = 'How to get your pay stub from the Postal Service';
const GENERIC_HELP = 'Your most recent pay stub, showing your name, your employer and the pay period.';

export interface PayStubHelpProps {
  employer: TEmployer | null;
  /** Postal employers: opens the instruction dialog (rendered by the step, outside the hint's paragraph). */
  onOpenPostal: () => void;
  /** Opens the pay-stub video ({@link PayStubVideoDialog}, rendered by the step); no button without it. */
  onOpenVideo?: () => void;
}

export const VIDEO_HELP_BUTTON = 'Watch the pay-stub video';

/**
 * Pay stub help by employer (spec §2 Documents): the postal-service instructions for postal employers;
 * the employer's help text and its video link otherwise. Phrasing content only: it sits in a hint.
 */
export function PayStubHelp({ employer, onOpenPostal, onOpenVideo }: PayStubHelpProps) {
  const text = employer?.pay_stub_help || GENERIC_HELP;
  const video = onOpenVideo ? (
    <>
      {' '}
      <Button variant="ghost" size="sm" onClick={onOpenVideo}>
        {VIDEO_HELP_BUTTON}
      </Button>
    </>
  ) : null;
  if (employer?.employer_type === 'postal') {
    return (
      <>
        {text}{' '}
        <Button variant="ghost" size="sm" onClick={onOpenPostal}>
          {POSTAL_HELP_BUTTON}
        </Button>
        {video}
      </>
    );
  }
  return (
    <>
      {text}
      {video}
      {employer?.video_url ? (
        <>
          {' '}
          <a href={employer.video_url} target="_blank" rel="noreferrer noopener">
            Watch how to get your pay stub<span className="visually-hidden"> (video, opens in a new window)</span>
          </a>
        </>
      ) : null}
    </>
  );
}

/** On a phone (new flow §2 "extra instructions … with Android and Apple tabs"): saving the statement from LiteBlue. */
export const POSTAL_PHONE_STEPS = {
  Android: [
    'Open liteblue.usps.gov in Chrome and sign in.',
    'Open the earnings statement as above.',
    'Tap ⋮, then "Share", then "Print", and choose "Save as PDF".',
    'Come back here and choose the saved PDF from Downloads.',
  ],
  Apple: [
    'Open liteblue.usps.gov in Safari and sign in.',
    'Open the earnings statement as above.',
    'Tap the Share button, then "Save to Files" (or take a screenshot).',
    'Come back here and choose the file from Files or Photos.',
  ],
} as const;
type PhoneKind = keyof typeof POSTAL_PHONE_STEPS;

function PhoneTabs() {
  const [kind, setKind] = useState<PhoneKind>('Android');
  const kinds = Object.keys(POSTAL_PHONE_STEPS) as PhoneKind[];
  const tabs = useRef<Record<string, HTMLButtonElement | null>>({});
  const move = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = kinds[(kinds.indexOf(kind) + (event.key === 'ArrowRight' ? 1 : kinds.length - 1)) % kinds.length] ?? 'Android';
    setKind(next);
    tabs.current[next]?.focus();
  };
  return (
    <>
      <h3>On your phone</h3>
      <div role="tablist" aria-label="Your phone">
        {kinds.map((name) => (
          <button
            key={name}
            ref={(node) => {
              tabs.current[name] = node;
            }}
            type="button"
            role="tab"
            id={`postal-tab-${name}`}
            aria-selected={kind === name}
            aria-controls={`postal-panel-${name}`}
            tabIndex={kind === name ? 0 : -1}
            className={styles.tab}
            onClick={() => setKind(name)}
            onKeyDown={move}
          >
            {name}
          </button>
        ))}
      </div>
      <ol role="tabpanel" id={`postal-panel-${kind}`} aria-labelledby={`postal-tab-${kind}`} className={styles.steps}>
        {POSTAL_PHONE_STEPS[kind].map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </>
  );
}

export function PostalPayStubDialog({ open, onClose, phoneTabs = false }: { open: boolean; onClose: () => void; phoneTabs?: boolean }) {
  return (
    <Dialog open={open} onClose={onClose} title="Your Postal Service pay stub" footer={<Button onClick={onClose}>Got it</Button>}>
      <ol className={styles.steps}>
        {POSTAL_PAY_STUB_STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {phoneTabs ? <PhoneTabs /> : null}
    </Dialog>
  );
}

/** The captions' words (public/media/pay-stub-help.vtt, made with the video by scripts/make-pay-stub-video.mjs), also shown as the transcript. */
export const PAY_STUB_VIDEO_TRANSCRIPT = [
  'Find your pay stub. Sign in to the website or app where your employer shows your pay.',
  'Open your latest statement. Choose the most recent pay period: "Pay statement" or "Earnings statement".',
  'Check what it shows. Your name, your employer, the pay period and the amounts must be readable.',
  'Save and upload. Save it as a PDF or take a clear picture of the whole page, then upload it here.',
] as const;

const mediaUrl = (file: string) => `${import.meta.env.BASE_URL}media/${file}`;

/**
 * The pay-stub help video (new flow §2 "Pay stub upload has help dialogs and a video"): a small local
 * clip (no autoplay, native controls) with English captions on by default and the same words as a
 * transcript under it, for anyone who cannot or will not play it.
 */
export function PayStubVideoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="How to get your pay stub" footer={<Button onClick={onClose}>Close</Button>}>
      <video
        className={styles.video}
        controls
        preload="metadata"
        width={640}
        height={360}
        aria-describedby="pay-stub-video-transcript"
        src={mediaUrl('pay-stub-help.webm')}
      >
        <track kind="captions" srcLang="en" label="English" src={mediaUrl('pay-stub-help.vtt')} default />
      </video>
      <h3 id="pay-stub-video-transcript-title">Transcript</h3>
      <ol id="pay-stub-video-transcript" aria-labelledby="pay-stub-video-transcript-title" className={styles.steps}>
        {PAY_STUB_VIDEO_TRANSCRIPT.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ol>
    </Dialog>
  );
}
