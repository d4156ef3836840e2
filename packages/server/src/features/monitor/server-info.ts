import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import type { ServerInfo } from '@buglet/contracts';
import type { AppConfig } from '../../config.ts';
import { type Lang, translate } from '../../http/i18n.ts';
import { formatDateTime } from '../../lib/time.ts';

const GB = 1024 ** 3;
const MB = 1024 ** 2;
const round2 = (n: number) => Math.round(n * 100) / 100;
const share = (part: number, whole: number) => (whole > 0 ? round2((part / whole) * 100) : 0);

/** How long the CPU is watched for its shares (the original slept a whole second). */
const CPU_SAMPLE_MS = 250;

interface CpuTimes {
  user: number;
  sys: number;
  wait: number;
  idle: number;
}

/** Linux counts I/O wait in /proc/stat; elsewhere the per-core times of os.cpus() (no wait). */
function cpuTimes(): CpuTimes {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return { user: user + nice, sys: system + irq + softirq + steal, wait: iowait, idle };
  } catch {
    return os.cpus().reduce(
      (sum, c) => ({
        user: sum.user + c.times.user + c.times.nice,
        sys: sum.sys + c.times.sys + c.times.irq,
        wait: 0,
        idle: sum.idle + c.times.idle,
      }),
      { user: 0, sys: 0, wait: 0, idle: 0 },
    );
  }
}

async function cpuInfo(): Promise<ServerInfo['cpu']> {
  const before = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, CPU_SAMPLE_MS));
  const after = cpuTimes();
  const d = {
    user: after.user - before.user,
    sys: after.sys - before.sys,
    wait: after.wait - before.wait,
    idle: after.idle - before.idle,
  };
  const total = d.user + d.sys + d.wait + d.idle;
  const cpus = os.cpus();
  return {
    cpuNum: cpus.length,
    model: cpus[0]?.model.trim() ?? os.arch(),
    total: 100,
    sys: share(d.sys, total),
    used: share(d.user, total),
    wait: share(d.wait, total),
    free: share(d.idle, total),
    loadAverage: os.loadavg().map(round2),
  };
}

/**
 * The event loop's delay: sampled all the time, the figures of the last whole minute shown (or,
 * in the first minute, those since start).
 */
export class LoopDelay {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 20 });
  private lastMinute: ServerInfo['node']['eventLoopDelay'] | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor() {
    this.histogram.enable();
    this.timer = setInterval(() => {
      this.lastMinute = this.read();
      this.histogram.reset();
    }, 60_000);
    this.timer.unref();
  }

  figures(): ServerInfo['node']['eventLoopDelay'] {
    return this.lastMinute ?? this.read();
  }

  stop(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }

  private read(): ServerInfo['node']['eventLoopDelay'] {
    const h = this.histogram;
    const ms = (ns: number) => (Number.isFinite(ns) ? round2(ns / 1e6) : 0);
    return { mean: ms(h.mean), p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) };
  }
}

/** Known file-system magic numbers of statfs (Linux), for the disk's type. */
const FS_TYPES: Record<number, string> = {
  61267: 'ext4',
  1481003842: 'xfs',
  2435016766: 'btrfs',
  16914836: 'tmpfs',
  2035054128: 'overlay',
  26985: 'nfs',
  801189825: 'zfs',
  1702057286: 'fuse',
  19780: 'vfat',
  1397118030: 'ntfs',
};

function sizeText(bytes: number): string {
  if (bytes >= GB) return `${round2(bytes / GB)} GB`;
  if (bytes >= MB) return `${round2(bytes / MB)} MB`;
  return `${round2(bytes / 1024)} KB`;
}

/** The disks holding the data folder, the uploads and the database file (each disk once). */
async function disks(config: AppConfig, lang: Lang): Promise<ServerInfo['sysFiles']> {
  const places: Array<[string, 'monitor.disk.data' | 'monitor.disk.uploads' | 'monitor.disk.database']> = [
    [config.dataDir, 'monitor.disk.data'],
    [config.uploadDir, 'monitor.disk.uploads'],
  ];
  if (config.database.kind === 'sqlite' && config.database.file !== ':memory:')
    places.push([path.dirname(config.database.file), 'monitor.disk.database']);
  const seen = new Set<number>();
  const out: ServerInfo['sysFiles'] = [];
  for (const [dir, role] of places) {
    try {
      const { dev } = await fs.promises.stat(dir);
      if (seen.has(dev)) continue;
      seen.add(dev);
      const s = await fs.promises.statfs(dir);
      const total = s.blocks * s.bsize;
      const free = s.bavail * s.bsize;
      out.push({
        dirName: dir,
        sysTypeName: FS_TYPES[s.type] ?? `0x${s.type.toString(16)}`,
        typeName: translate(lang, role),
        total: sizeText(total),
        free: sizeText(free),
        used: sizeText(total - free),
        usage: share(total - free, total),
        totalBytes: total,
        freeBytes: free,
      });
    } catch {
      // A folder not made yet (no upload so far) has no disk to show.
    }
  }
  return out;
}

function firstAddress(): string {
  for (const list of Object.values(os.networkInterfaces())) {
    const found = list?.find((a) => a.family === 'IPv4' && !a.internal);
    if (found) return found.address;
  }
  return '127.0.0.1';
}

function runTime(lang: Lang, seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return translate(lang, 'monitor.run-time', [days, hours, minutes]);
}

/** What GET /monitor/server answers: the machine, this Node process and the disks of its data. */
export async function serverInfo(config: AppConfig, loop: LoopDelay, lang: Lang): Promise<ServerInfo> {
  const [cpu, sysFiles] = await Promise.all([cpuInfo(), disks(config, lang)]);
  const totalMem = os.totalmem();
  const freeMem = os.freemem();
  const mem = process.memoryUsage();
  const heapLimit = v8.getHeapStatistics().heap_size_limit;
  const uptime = Math.floor(process.uptime());
  const startTime = formatDateTime(new Date(Date.now() - uptime * 1000));
  const inputArgs = process.execArgv.join(' ');
  const node: ServerInfo['node'] = {
    name: 'Node.js',
    version: process.version,
    pid: process.pid,
    home: process.execPath,
    startTime,
    uptimeSeconds: uptime,
    heapUsed: round2(mem.heapUsed / MB),
    heapTotal: round2(mem.heapTotal / MB),
    heapLimit: round2(heapLimit / MB),
    rss: round2(mem.rss / MB),
    external: round2(mem.external / MB),
    usage: share(mem.heapUsed, heapLimit),
    eventLoopDelay: loop.figures(),
    inputArgs,
  };
  return {
    cpu,
    mem: {
      total: round2(totalMem / GB),
      used: round2((totalMem - freeMem) / GB),
      free: round2(freeMem / GB),
      usage: share(totalMem - freeMem, totalMem),
    },
    node,
    jvm: {
      name: node.name,
      version: node.version,
      home: node.home,
      startTime,
      runTime: runTime(lang, uptime),
      inputArgs,
      total: node.heapTotal,
      max: node.heapLimit,
      free: round2(node.heapTotal - node.heapUsed),
      used: node.heapUsed,
      usage: node.usage,
    },
    sys: {
      computerName: os.hostname(),
      computerIp: firstAddress(),
      userDir: process.cwd(),
      osName: `${os.type()} ${os.release()}`,
      osArch: os.arch(),
    },
    sysFiles,
  };
}
