// What the numbers were measured on, for the header of every results section.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** { cpus (nproc), cpuModel, memoryBytes, node, os, measuredAt (ISO, UTC) } of this machine, now. */
export function describeMachine() {
  return {
    cpus: readNproc(),
    cpuModel: readCpuModel(),
    memoryBytes: readTotalMemory(),
    node: process.version,
    os: readOsName(),
    measuredAt: new Date().toISOString(),
  };
}

/** One line for the docs: "2 CPUs (AMD EPYC), 23.5 GiB, Node v20.19.5, Debian GNU/Linux 12 (bookworm)". */
export function formatMachine(machine) {
  const gib = (machine.memoryBytes / 1024 ** 3).toFixed(1);
  return `${machine.cpus} CPUs (${machine.cpuModel}), ${gib} GiB memory, Node ${machine.node}, ${machine.os}`;
}

function readNproc() {
  try {
    return Number(execFileSync('nproc', { encoding: 'utf8' }).trim());
  } catch {
    return os.availableParallelism();
  }
}

function readCpuModel() {
  const cpuinfo = readOptional('/proc/cpuinfo');
  const match = /^model name\s*:\s*(.+)$/m.exec(cpuinfo);
  return (match?.[1] ?? os.cpus()[0]?.model ?? 'unknown CPU').trim();
}

function readTotalMemory() {
  const match = /^MemTotal:\s+(\d+)\s+kB$/m.exec(readOptional('/proc/meminfo'));
  return match ? Number(match[1]) * 1024 : os.totalmem();
}

function readOsName() {
  const match = /^PRETTY_NAME="?([^"\n]+)"?$/m.exec(readOptional('/etc/os-release'));
  return match?.[1] ?? `${os.type()} ${os.release()}`;
}

function readOptional(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
