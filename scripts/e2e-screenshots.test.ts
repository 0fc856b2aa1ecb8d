// Journeys keep screenshots in Playwright's per-test output folder (test.info().outputPath), never at a
// fixed path, in the system temp folder or relative to the working directory (docs/testing.md).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.tsx?$/.test(name)) yield path;
  }
}

/** Lines of `text` that write a screenshot to a fixed or temp path. */
function fixedScreenshotPaths(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => /screenshot\(\{\s*path:\s*(['"`])(\/|\.\/|test-results)/.test(line) || (/screenshot/.test(line) && /tmpdir\(\)/.test(line)));
}

describe('journey screenshots', () => {
  it('the check finds a fixed path, a temp folder and a relative folder, and lets outputPath through', () => {
    expect(
      fixedScreenshotPaths(
        [
          "await page.screenshot({ path: '/tmp/a.png' });",
          'await page.screenshot({ path: `test-results/${name}.png` });',
          "await page.screenshot({ path: join(tmpdir(), 'a.png') });",
          "await page.screenshot({ path: test.info().outputPath('a.png') });",
        ].join('\n'),
      ),
    ).toHaveLength(3);
  });

  it('no journey writes one outside its output folder', () => {
    const offenders = [...files(join(ROOT, 'e2e'))].flatMap((file) =>
      fixedScreenshotPaths(readFileSync(file, 'utf8')).map((line) => `${relative(ROOT, file)}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
