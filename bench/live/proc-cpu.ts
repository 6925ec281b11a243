/**
 * CPU time of a process tree from /proc (Linux): the process, its children that ended (the
 * kernel adds a reaped child's time to its parent's `cutime`/`cstime`), and every descendant still
 * running (ffmpeg decoders, the local recognizer's worker, PocketSphinx). Read before and after a
 * phase, the difference is the CPU the server spent on it.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
const TICKS_PER_S = 100;

/** One /proc/<pid>/stat line, the fields this module needs. */
interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime + cutime + cstime, in ticks. */
  ticks: number;
  /** The command name (comm), e.g. `ffmpeg`, `node`. */
  comm: string;
}

function readStat(pid: number): ProcStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    // After "pid (comm) ": state ppid ... utime(14) stime(15) cutime(16) cstime(17) of proc(5).
    const fields = stat.slice(close + 2).split(' ');
    const ticks = fields.slice(11, 15).reduce((s, v) => s + Number(v), 0);
    return { pid, ppid: Number(fields[1]), ticks, comm };
  } catch {
    return undefined; // ended meanwhile
  }
}

/** The process `root` and its running descendants. */
export function processTree(root: number): ProcStat[] {
  const all = readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .map((n) => readStat(Number(n)))
    .filter((s): s is ProcStat => s !== undefined);
  const tree = all.filter((s) => s.pid === root);
  for (let i = 0; i < tree.length; i++) {
    for (const s of all) if (s.ppid === tree[i]!.pid) tree.push(s);
  }
  return tree;
}

/**
 * CPU seconds used so far by `root`, its reaped children and its running descendants.
 * @throws Error when `root` is not running
 */
export function treeCpuSeconds(root: number): number {
  const tree = processTree(root);
  if (tree.length === 0) throw new Error(`process ${root} is not running`);
  return tree.reduce((s, p) => s + p.ticks, 0) / TICKS_PER_S;
}
