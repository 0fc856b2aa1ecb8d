/* global document, MediaRecorder */
// Renders the pay-stub help video (apps/web/public/media/pay-stub-help.webm) and its captions
// (pay-stub-help.vtt) locally: Chromium draws the slides on a canvas and records them with
// MediaRecorder (VP8 WebM). Nothing is fetched from the network. Run: node scripts/make-pay-stub-video.mjs
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** One slide per step, shown SLIDE_SECONDS each; the captions say the same words. */
export const SLIDES = [
  { title: 'Find your pay stub', text: 'Sign in to the website or app where your employer shows your pay.' },
  { title: 'Open your latest statement', text: 'Choose the most recent pay period: "Pay statement" or "Earnings statement".' },
  { title: 'Check what it shows', text: 'Your name, your employer, the pay period and the amounts must be readable.' },
  { title: 'Save and upload', text: 'Save it as a PDF or take a clear picture of the whole page, then upload it here.' },
];
const SLIDE_SECONDS = 4;
const OUT = new URL('../apps/web/public/media/', import.meta.url);

const stamp = (s) => `00:00:${String(s).padStart(2, '0')}.000`;
const vtt = [
  'WEBVTT',
  '',
  ...SLIDES.flatMap((slide, i) => [`${i + 1}`, `${stamp(i * SLIDE_SECONDS)} --> ${stamp((i + 1) * SLIDE_SECONDS)}`, `${slide.title}. ${slide.text}`, '']),
].join('\n');
writeFileSync(new URL('pay-stub-help.vtt', OUT), vtt);

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage();
const base64 = await page.evaluate(
  async ({ slides, seconds }) => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 360;
    const g = canvas.getContext('2d');
    const wrap = (text, x, y, width, lineHeight) => {
      let line = '';
      for (const word of text.split(' ')) {
        const next = line ? `${line} ${word}` : word;
        if (g.measureText(next).width > width && line) {
          g.fillText(line, x, y);
          line = word;
          y += lineHeight;
        } else line = next;
      }
      g.fillText(line, x, y);
    };
    const draw = (i, progress) => {
      g.fillStyle = '#0b3d5c';
      g.fillRect(0, 0, 640, 360);
      g.fillStyle = '#ffffff';
      g.font = 'bold 20px sans-serif';
      g.fillText(`Step ${i + 1} of ${slides.length}`, 40, 60);
      g.font = 'bold 34px sans-serif';
      g.fillText(slides[i].title, 40, 120);
      g.font = '24px sans-serif';
      wrap(slides[i].text, 40, 180, 560, 34);
      g.fillStyle = '#7fd1ae';
      g.fillRect(40, 320, 560 * progress, 8);
    };
    const stream = canvas.captureStream(15);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 250_000 });
    const chunks = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const done = new Promise((resolve) => (recorder.onstop = resolve));
    draw(0, 0);
    recorder.start(500);
    const total = slides.length * seconds * 1000;
    const start = performance.now();
    await new Promise((resolve) => {
      const tick = () => {
        const t = performance.now() - start;
        if (t >= total) return resolve();
        const i = Math.min(slides.length - 1, Math.floor(t / (seconds * 1000)));
        draw(i, (t % (seconds * 1000)) / (seconds * 1000));
        setTimeout(tick, 1000 / 15);
      };
      tick();
    });
    recorder.stop();
    await done;
    const buffer = await new Blob(chunks, { type: 'video/webm' }).arrayBuffer();
    let binary = '';
    for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
    return btoa(binary);
  },
  { slides: SLIDES, seconds: SLIDE_SECONDS },
);
await browser.close();
writeFileSync(new URL('pay-stub-help.webm', OUT), Buffer.from(base64, 'base64'));
console.log(`pay-stub-help.webm: ${Buffer.from(base64, 'base64').length} bytes`);
