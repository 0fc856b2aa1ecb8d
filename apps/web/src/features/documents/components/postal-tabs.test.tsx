import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { PAY_STUB_VIDEO_TRANSCRIPT, PayStubVideoDialog, PostalPayStubDialog, POSTAL_PHONE_STEPS } from './pay-stub-help';

describe('postal pay-stub instructions (new flow: Android and Apple tabs)', () => {
  it('switches the phone instructions with the tabs, arrow keys included', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PostalPayStubDialog open onClose={() => undefined} phoneTabs />);
    const android = await screen.findByRole('tab', { name: 'Android' });
    expect(android).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent(POSTAL_PHONE_STEPS.Android[2]);
    await user.click(screen.getByRole('tab', { name: 'Apple' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent(POSTAL_PHONE_STEPS.Apple[2]);
    screen.getByRole('tab', { name: 'Apple' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Android' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('pay-stub help video', () => {
  it('plays the local clip with English captions on by default and shows the transcript', async () => {
    renderWithProviders(<PayStubVideoDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'How to get your pay stub' });
    const video = dialog.querySelector('video')!;
    expect(video).toHaveAttribute('controls');
    expect(video).not.toHaveAttribute('autoplay');
    expect(video.getAttribute('src')).toMatch(/\/media\/pay-stub-help\.webm$/);
    const track = video.querySelector('track')!;
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('srclang', 'en');
    expect(track).toHaveAttribute('default');
    expect(track.getAttribute('src')).toMatch(/\/media\/pay-stub-help\.vtt$/);
    const transcript = screen.getByRole('list', { name: 'Transcript' });
    expect(video).toHaveAccessibleDescription(PAY_STUB_VIDEO_TRANSCRIPT.join(' '));
    expect(transcript.querySelectorAll('li')).toHaveLength(PAY_STUB_VIDEO_TRANSCRIPT.length);
  });

  it('the captions file says the transcript, in order', async () => {
    const { existsSync, readFileSync } = await import('node:fs');
    const { resolve } = await import('node:path');
    const file = ['apps/web/public/media/pay-stub-help.vtt', 'public/media/pay-stub-help.vtt']
      .map((p) => resolve(process.cwd(), p))
      .find((p) => existsSync(p))!;
    const vtt = readFileSync(file, 'utf8');
    const cues = vtt.split('\n').filter((line) => line && !/^(WEBVTT|\d+|\d\d:.*)$/.test(line));
    expect(cues).toEqual([...PAY_STUB_VIDEO_TRANSCRIPT]);
  });
});
