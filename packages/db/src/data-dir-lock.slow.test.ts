/**
 * The embedded database's folder lock across real processes: a live holder is named to whoever
 * is refused, a holder killed with SIGKILL is taken over at once, a reused pid or another host is
 * told apart, and of several processes recovering one stale lock exactly one wins.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DataDirLockedError,
  holderAlive,
  lockDataDir,
  processStartTicks,
  type LockHolder,
} from './data-dir-lock.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'summy-lock-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

const lockModule = new URL('./data-dir-lock.ts', import.meta.url).href;

/**
 * A Node child that tries to lock `dir` and prints "locked" or "refused <pid>"; it then holds
 * the lock until killed (`hold`) or exits.
 */
function lockInChild(dir: string, hold: boolean) {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(lockModule)});
    try {
      await lockDataDir(${JSON.stringify(dir)}, 'lock test child');
      console.log('locked');
      if (${hold}) setInterval(() => {}, 1000);
    } catch (err) {
      console.log('refused ' + (err.holder ? err.holder.pid : err.message));
    }`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const line = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => out.includes('\n') && resolve(out.trim()));
    child.once('exit', (code) => (out ? resolve(out.trim()) : reject(new Error(`exit ${code}`))));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, line, exited };
}

function holderOf(dir: string): LockHolder {
  return JSON.parse(readFileSync(`${dir}.lock`, 'utf8')) as LockHolder;
}

describe('lockDataDir', () => {
  it('refuses a second process, naming the holder, and takes over after kill -9', async () => {
    const dir = path.join(root, 'a', 'pglite');
    const holder = lockInChild(dir, true);
    expect(await holder.line).toBe('locked');

    const refused = await lockDataDir(dir, 'second').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as DataDirLockedError).holder.pid).toBe(holder.child.pid);
    expect((refused as Error).message).toContain(`in use by process ${holder.child.pid}`);
    expect((refused as Error).message).toContain('lock test child');
    expect((refused as Error).message).toContain('DATABASE_URL');

    holder.child.kill('SIGKILL');
    await holder.exited;
    const lock = await lockDataDir(dir, 'after the crash');
    expect(holderOf(dir)).toMatchObject({ pid: process.pid, command: 'after the crash' });
    lock.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  }, 60_000);

  it('refuses a second open in the same process until released', async () => {
    const dir = path.join(root, 'b');
    const lock = await lockDataDir(dir, 'first');
    await expect(lockDataDir(dir, 'second')).rejects.toBeInstanceOf(DataDirLockedError);
    lock.release();
    const again = await lockDataDir(dir, 'third');
    // A stale release does not remove the lock another open holds now.
    lock.release();
    expect(holderOf(dir).command).toBe('third');
    again.release();
  });

  it('tells a reused pid and a lock from another host apart', () => {
    const self: LockHolder = {
      pid: process.pid,
      hostname: os.hostname(),
      bootId: null,
      processStart: processStartTicks(process.pid),
      since: new Date().toISOString(),
      command: 'x',
    };
    // This process's own pid in a lock it does not hold: an earlier process with the same pid.
    expect(holderAlive(self)).toBe(false);
    const parent = { ...self, pid: process.ppid, processStart: processStartTicks(process.ppid) };
    expect(holderAlive(parent)).toBe(true);
    if (parent.processStart) expect(holderAlive({ ...parent, processStart: '1' })).toBe(false);
    expect(holderAlive({ ...parent, pid: 2 ** 22 + 17 })).toBe(false);
    expect(holderAlive({ ...self, hostname: `${os.hostname()}-elsewhere` })).toBe(true);
  });

  it('names the other host and the file to delete when the holder is elsewhere', async () => {
    const dir = path.join(root, 'c');
    const foreign = { pid: 4242, hostname: 'other-host', since: 'x', command: 'the Summy server' };
    writeFileSync(`${dir}.lock`, JSON.stringify(foreign));
    const err = (await lockDataDir(dir, 'me').catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(DataDirLockedError);
    expect(err.message).toContain('process 4242 on host other-host');
    expect(err.message).toContain(`delete ${dir}.lock`);
  });

  it('lets exactly one of several processes take over a stale lock', async () => {
    const dir = path.join(root, 'd');
    const dead = { pid: 2 ** 22 + 17, hostname: os.hostname(), since: 'x', command: 'dead' };
    writeFileSync(`${dir}.lock`, JSON.stringify(dead));
    const racers = [0, 1, 2, 3].map(() => lockInChild(dir, true));
    const lines = await Promise.all(racers.map((r) => r.line));
    const winners = racers.filter((_, i) => lines[i] === 'locked');
    expect(winners).toHaveLength(1);
    const winner = winners[0]!.child.pid;
    expect(lines.filter((l) => l === `refused ${winner}`)).toHaveLength(3);
    expect(holderOf(dir).pid).toBe(winner);
  }, 60_000);
});
