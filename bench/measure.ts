/**
 * Runs one command as a child process and measures wall time, CPU time
 * (user + system) and peak resident memory.
 *
 * Method: GNU time (`/usr/bin/time -f`). It reports what the kernel recorded
 * for the command in wait4(2)'s rusage: CPU time summed over every thread (Node
 * worker threads, Hugo's goroutines) and over every child the command waited
 * for, and ru_maxrss, the kernel's own high-water mark of resident memory. No
 * sampling is involved, so a short spike just before exit is not missed and the
 * measuring costs no CPU while the command runs, which matters on two cores.
 * One caveat: for a command that forks processes, ru_maxrss is the peak of the
 * largest single process, not the sum; Node's worker threads share one process,
 * so for the tools measured here it is the whole.
 *
 * Wall time is taken here with a monotonic clock around the child (GNU time's
 * own figure has 10 ms resolution). When GNU time is missing and cannot be
 * installed, the fallback samples /proc/<pid>/status (VmHWM) and
 * /proc/<pid>/stat every 25 ms; the report names the method used.
 *
 * On a two-core machine anything else running skews a build's wall time, so
 * each measurement also records the CPU time the rest of the machine used
 * meanwhile (from /proc/stat), and `waitForIdle` lets the caller start only
 * when the machine is quiet.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";

export type MeasureMethod = "gnu-time" | "proc-sampling";

export interface MeasureOptions {
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Kill the command (and its process group) after this long. */
  timeoutMs?: number;
  method?: MeasureMethod;
}

export interface Measurement {
  wallMs: number;
  userMs: number;
  sysMs: number;
  /** user + sys */
  cpuMs: number;
  peakRssBytes: number;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  method: MeasureMethod;
  /** Last lines of the command's output, for failure messages. */
  outputTail: string;
  /**
   * CPU time the rest of the machine used while the command ran (all CPU time
   * from /proc/stat minus the command's own): other work competing for the
   * two cores. NaN where /proc/stat is unreadable.
   */
  foreignCpuMs: number;
}

const GNU_TIME = "/usr/bin/time";
const TAIL_BYTES = 4000;

/** True when /usr/bin/time is GNU time (it accepts -f and -o). */
export function hasGnuTime(): boolean {
  if (!existsSync(GNU_TIME)) return false;
  const probe = spawnSync(GNU_TIME, ["-f", "%M", "true"], { encoding: "utf8" });
  return probe.status === 0 && /^\d+\s*$/m.test(probe.stderr);
}

/**
 * Installs a Debian package when missing. Returns undefined on success, or the
 * reason it could not be installed.
 */
export function aptInstall(pkg: string, log: (line: string) => void): string | undefined {
  if (process.getuid?.() !== 0) return `not root, cannot run apt-get install ${pkg}`;
  log(`installing Debian package ${pkg} (apt-get update; apt-get install -y ${pkg})`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update", "-qq"], { encoding: "utf8", env, timeout: 300_000 });
  if (update.error) return `apt-get update failed: ${update.error.message}`;
  const install = spawnSync("apt-get", ["install", "-y", "-qq", pkg], {
    encoding: "utf8",
    env,
    timeout: 600_000,
  });
  if (install.error) return `apt-get install ${pkg} failed: ${install.error.message}`;
  if (install.status !== 0)
    return `apt-get install ${pkg} exited ${install.status}: ${lastLine(install.stderr || install.stdout)}`;
  return undefined;
}

/** GNU time if present or installable, else /proc sampling. */
export function chooseMethod(log: (line: string) => void, allowInstall: boolean): MeasureMethod {
  if (hasGnuTime()) return "gnu-time";
  if (allowInstall) {
    const problem = aptInstall("time", log);
    if (!problem && hasGnuTime()) return "gnu-time";
    log(`GNU time unavailable (${problem ?? "installed but not usable"}); sampling /proc instead`);
  }
  return "proc-sampling";
}

export async function measure(options: MeasureOptions): Promise<Measurement> {
  const before = machineBusyMs();
  const result = await ((options.method ?? "gnu-time") === "gnu-time"
    ? measureWithGnuTime(options)
    : measureBySampling(options));
  return { ...result, foreignCpuMs: Math.max(0, machineBusyMs() - before - result.cpuMs) };
}

/** Busy CPU time of the whole machine so far, all cores, in ms (user, nice, system, irq, softirq, steal). */
export function machineBusyMs(): number {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = fields;
    return ((user + nice + system + irq + softirq + (steal ?? 0)) / 100) * 1000; // USER_HZ = 100
  } catch {
    return NaN;
  }
}

/** How loaded the machine is at one moment: what `loadDuring` compares. */
export interface LoadSample {
  /** One-minute load average (os.loadavg, /proc/loadavg): runnable and waiting tasks, smoothed over a minute. */
  loadavg: number;
  /** Tasks runnable at this moment, from /proc/loadavg's fourth field (NaN where unreadable). */
  running: number;
  /** Busy CPU time of the whole machine so far (`machineBusyMs`). */
  busyMs: number;
  /** CPU time the hypervisor gave to other guests so far (steal, /proc/stat), in ms. */
  stealMs: number;
}

export function loadSample(): LoadSample {
  let running = NaN;
  try {
    running = Number(readFileSync("/proc/loadavg", "utf8").split(/\s+/)[3]?.split("/")[0]);
  } catch {
    // not Linux: the load average alone
  }
  return { loadavg: loadavg()[0], running, busyMs: machineBusyMs(), stealMs: stealMs() };
}

/** Steal time so far, all cores, in ms: a virtual machine's CPU taken by other guests. */
function stealMs(): number {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    return ((fields[7] ?? 0) / 100) * 1000; // USER_HZ = 100
  } catch {
    return NaN;
  }
}

/**
 * Waits until the machine is quiet: a one-second window in which all cores
 * together were busy less than `maxBusy` of one core. Gives up after
 * `timeoutMs`. Returns how busy the last window was, in cores, and how long it waited.
 */
export async function waitForIdle(
  options: { maxBusy?: number; timeoutMs?: number } = {},
): Promise<{ busyCores: number; waitedMs: number }> {
  const maxBusy = options.maxBusy ?? 0.15;
  const started = performance.now();
  let busyCores = NaN;
  do {
    const before = machineBusyMs();
    await new Promise((done) => setTimeout(done, 1000));
    busyCores = (machineBusyMs() - before) / 1000;
    if (!Number.isFinite(busyCores) || busyCores <= maxBusy) break;
  } while (performance.now() - started < (options.timeoutMs ?? 120_000));
  return { busyCores, waitedMs: performance.now() - started };
}

async function measureWithGnuTime(options: MeasureOptions): Promise<Omit<Measurement, "foreignCpuMs">> {
  const dir = await mkdtemp(join(tmpdir(), "sitegen-measure-"));
  const report = join(dir, "time.txt");
  try {
    // %e wall s, %U user s, %S sys s, %M peak RSS KiB, %x exit status
    const run = await runChild(
      GNU_TIME,
      ["-f", "%e %U %S %M %x", "-o", report, options.command, ...options.args],
      options,
    );
    const fields =
      (await readFile(report, "utf8").catch(() => "")).trim().split("\n").at(-1)?.split(/\s+/) ?? [];
    const [, user, sys, maxKiB, status] = fields.map(Number);
    const userMs = Number.isFinite(user) ? user * 1000 : NaN;
    const sysMs = Number.isFinite(sys) ? sys * 1000 : NaN;
    return {
      wallMs: run.wallMs,
      userMs,
      sysMs,
      cpuMs: userMs + sysMs,
      peakRssBytes: Number.isFinite(maxKiB) ? maxKiB * 1024 : NaN,
      exitCode: Number.isFinite(status) ? status : run.exitCode,
      signal: run.signal,
      timedOut: run.timedOut,
      method: "gnu-time",
      outputTail: run.tail,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function measureBySampling(options: MeasureOptions): Promise<Omit<Measurement, "foreignCpuMs">> {
  const ticks = 100; // USER_HZ on Linux
  let peakKiB = 0;
  let cpuTicks = { user: 0, sys: 0 };
  const sample = async (pid: number): Promise<void> => {
    const [status, stat] = await Promise.all([
      readFile(`/proc/${pid}/status`, "utf8").catch(() => ""),
      readFile(`/proc/${pid}/stat`, "utf8").catch(() => ""),
    ]);
    const hwm = /^VmHWM:\s+(\d+)/m.exec(status);
    if (hwm) peakKiB = Math.max(peakKiB, Number(hwm[1]));
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (rest.length > 13) cpuTicks = { user: Number(rest[11]), sys: Number(rest[12]) };
  };
  const run = await runChild(options.command, options.args, options, sample);
  const userMs = (cpuTicks.user / ticks) * 1000;
  const sysMs = (cpuTicks.sys / ticks) * 1000;
  return {
    wallMs: run.wallMs,
    userMs,
    sysMs,
    cpuMs: userMs + sysMs,
    peakRssBytes: peakKiB * 1024,
    exitCode: run.exitCode,
    signal: run.signal,
    timedOut: run.timedOut,
    method: "proc-sampling",
    outputTail: run.tail,
  };
}

interface ChildRun {
  wallMs: number;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  tail: string;
}

function runChild(
  command: string,
  args: string[],
  options: MeasureOptions,
  sample?: (pid: number) => Promise<void>,
): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    // Its own process group, so a timeout ends the command and everything it started.
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let tail = "";
    const keep = (chunk: Buffer): void => {
      tail = (tail + chunk.toString("utf8")).slice(-TAIL_BYTES);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    let timedOut = false;
    const timer = options.timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          if (child.pid) process.kill(-child.pid, "SIGKILL");
        }, options.timeoutMs)
      : undefined;
    let sampling: NodeJS.Timeout | undefined;
    if (sample && child.pid) {
      const pid = child.pid;
      void sample(pid);
      sampling = setInterval(() => void sample(pid), 25);
    }
    child.on("error", (error) => {
      clearTimeout(timer);
      clearInterval(sampling);
      reject(error);
    });
    child.on("exit", () => clearInterval(sampling));
    child.on("close", (exitCode, signal) => {
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      clearTimeout(timer);
      resolve({ wallMs, exitCode, signal, timedOut, tail });
    });
  });
}

function lastLine(text: string): string {
  return text.trim().split("\n").at(-1) ?? "";
}
