/**
 * Summarises a V8 CPU profile (`--cpu-prof`): self time by function and by package, top first.
 * Usage: tsx apps/server/bench/profile-summary.ts <file.cpuprofile> [top=40]
 */
import fs from 'node:fs';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const file = process.argv[2];
if (!file) {
  console.error('usage: profile-summary <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(process.argv[3] ?? 40);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

const pkg = (url: string) => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.includes('/packages/') || url.includes('/apps/')) return url.replace(/^.*\/(apps|packages)\//, '$1/').replace(/\/[^/]*$/, '');
  return url ? 'node:' + url.replace(/^.*\//, '') : '(native/gc/idle)';
};
const fn = new Map<string, number>();
const pk = new Map<string, number>();
for (const [id, t] of self) {
  const n = byId.get(id)!;
  const key = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*node_modules\//, '').replace(/^.*\/(apps|packages)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;
  fn.set(key, (fn.get(key) ?? 0) + t);
  const p = pkg(n.callFrame.url) + (n.callFrame.url ? '' : ` ${n.callFrame.functionName}`);
  pk.set(p, (pk.get(p) ?? 0) + t);
}
const show = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, t] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((t / total) * 100).toFixed(1).padStart(5)} %  ${k}`);
};
show('self time by package', pk);
show('self time by function', fn);
