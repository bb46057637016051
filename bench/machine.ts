/** The machine the bench ran on, for the report: CPU, memory, OS, and the filesystem the outputs went to. */
import { spawnSync } from "node:child_process";
import { readFileSync, realpathSync } from "node:fs";
import { cpus, release, totalmem } from "node:os";
import { basename } from "node:path";

export function machine(): Record<string, string | number> {
  const cpu = cpus();
  let os = "";
  try {
    os = /^PRETTY_NAME="?([^"\n]*)/m.exec(readFileSync("/etc/os-release", "utf8"))?.[1] ?? "";
  } catch {
    // not Linux, or no os-release
  }
  return {
    CPU: `${cpu[0]?.model ?? "unknown"} (${cpu.length} logical cores)`,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    OS: `${os || process.platform} (kernel ${release()})`,
  };
}

export interface Filesystem {
  type: string;
  device: string;
  mountPoint: string;
  /** ext4 only; undefined when it cannot be told. */
  journal?: boolean;
}

/** The mount holding `dir`, from /proc/mounts: the longest mount point that contains it, the last one mounted if several. */
export function filesystemOf(dir: string): Filesystem | undefined {
  let mounts: string;
  let path: string;
  try {
    mounts = readFileSync("/proc/mounts", "utf8");
    path = realpathSync(dir);
  } catch {
    return undefined;
  }
  // /proc/mounts writes spaces and other special characters as octal escapes.
  const unescape = (field: string): string =>
    field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
  let found: Filesystem | undefined;
  for (const line of mounts.split("\n")) {
    const [device, mountPoint, type] = line.split(" ").map(unescape);
    if (!type) continue;
    const holds = mountPoint === "/" || path === mountPoint || path.startsWith(`${mountPoint}/`);
    if (holds && (!found || mountPoint.length >= found.mountPoint.length))
      found = { type, device, mountPoint };
  }
  if (found?.type === "ext4") found.journal = ext4HasJournal(found.device);
  return found;
}

/** sysfs names the journal's thread, "<none>" without one, where the kernel has that file; else dumpe2fs, which needs read access to the device. */
function ext4HasJournal(device: string): boolean | undefined {
  try {
    return readFileSync(`/sys/fs/ext4/${basename(device)}/journal_task`, "utf8").trim() !== "<none>";
  } catch {
    // an older kernel, or a device name sysfs does not use
  }
  const probe = spawnSync("dumpe2fs", ["-h", device], { encoding: "utf8" });
  const features = /^Filesystem features:(.*)$/m.exec(probe.stdout ?? "")?.[1];
  return features === undefined ? undefined : /\bhas_journal\b/.test(features);
}

export function describeFilesystem(fs: Filesystem | undefined): string {
  if (!fs) return "unknown";
  const journal = fs.journal === undefined ? "" : fs.journal ? " (with journal)" : " (no journal)";
  return `${fs.type}${journal} on ${fs.device}`;
}

export const isExt4WithoutJournal = (fs: Filesystem | undefined): boolean =>
  fs?.type === "ext4" && fs.journal === false;

export function gnuTimeVersion(): string {
  const probe = spawnSync("dpkg-query", ["-W", "-f", "${Version}", "time"], { encoding: "utf8" });
  return probe.status === 0 && probe.stdout ? `Debian time ${probe.stdout}` : "present";
}
