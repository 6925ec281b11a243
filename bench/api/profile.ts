/**
 * A CPU profile of this process (the server under test runs in it) through V8's inspector
 * protocol (`Profiler.start`/`Profiler.stop`, https://chromedevtools.github.io/devtools-protocol/v8/Profiler/),
 * summarised as the frames with the most self time and the packages they belong to: where a
 * request's CPU goes under load.
 */
import { Session } from 'node:inspector/promises';

/** One line of the summary: a frame or a package, its self time in ms and share of all samples. */
export interface ProfileLine {
  name: string;
  selfMs: number;
  share: number;
}

/** What {@link profileWhile} measured. */
export interface ProfileSummary {
  /** Sampled time in ms (idle included). */
  totalMs: number;
  /** Frames by self time, most first. */
  frames: ProfileLine[];
  /** Self time grouped by package (`node_modules/<name>`), Summy's own code, Node's internals. */
  packages: ProfileLine[];
}

interface CpuNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: CpuNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a script belongs: an npm package, Summy's own code, or Node's and V8's internals. */
function packageOf(url: string, functionName: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.includes('/apps/') || url.includes('/packages/')) return 'summy';
  if (url.startsWith('node:')) return 'node';
  return functionName.startsWith('(') ? functionName : 'other';
}

/**
 * Profiles this process while `work` runs (sampling every 200 µs) and summarises the top `top`
 * frames and packages by self time.
 */
export async function profileWhile<T>(
  work: () => Promise<T>,
  top = 15,
): Promise<{ result: T; profile: ProfileSummary }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  let result: T;
  let profile: CpuProfile;
  try {
    result = await work();
  } finally {
    profile = ((await session.post('Profiler.stop')) as { profile: CpuProfile }).profile;
    session.disconnect();
  }
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  // A native frame (writev, JSON.parse...) is charged to the nearest caller with a script, so
  // the package shares say whose work it was.
  const scriptOf = (id: number): CpuNode['callFrame'] => {
    let node = byId.get(id)!;
    while (!node.callFrame.url && parentOf.has(node.id)) node = byId.get(parentOf.get(node.id)!)!;
    return node.callFrame;
  };
  const self = new Map<number, number>();
  let totalUs = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    totalUs += dt;
    self.set(id, (self.get(id) ?? 0) + dt);
  });
  const frames = new Map<string, number>();
  const packages = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url
      ? ` ${url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${lineNumber + 1}`
      : '';
    const caller = url ? undefined : scriptOf(id);
    const via = caller?.url
      ? ` (from ${caller.functionName || '(anonymous)'} ${caller.url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${caller.lineNumber + 1})`
      : '';
    const frame = `${functionName || '(anonymous)'}${where}${via}`;
    frames.set(frame, (frames.get(frame) ?? 0) + us);
    const pkg = packageOf(caller?.url || url, functionName);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
  }
  const lines = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, selfMs: us / 1000, share: totalUs ? us / totalUs : 0 }));
  return {
    result: result!,
    profile: { totalMs: totalUs / 1000, frames: lines(frames), packages: lines(packages) },
  };
}

/** The summary as text lines for the report. */
export function renderProfile(title: string, p: ProfileSummary): string {
  const row = (l: ProfileLine) =>
    `    ${(l.share * 100).toFixed(1).padStart(5)}%  ${l.selfMs.toFixed(0).padStart(6)} ms  ${l.name}`;
  return [
    `${title} (CPU profile, ${p.totalMs.toFixed(0)} ms sampled):`,
    '  by package (self time):',
    ...p.packages.map(row),
    '  top frames (self time):',
    ...p.frames.map(row),
  ].join('\n');
}
