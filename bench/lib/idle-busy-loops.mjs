// Busy loops at the idle CPU class (SCHED_IDLE: they run only when no other task wants the CPU), to
// show what work that should cost nothing takes from a measurement on this machine: two virtual
// cores of one host may share a physical core, so a loop on the "idle" one still slows the other.
import { spawn } from 'node:child_process';
import { registerCleanup } from './cleanup.mjs';

/** Starts `count` busy loops under `chrt --idle 0`; answers { stop() }. */
export function startIdleBusyLoops(count) {
  const loops = Array.from({ length: count }, () =>
    spawn('chrt', ['--idle', '0', process.execPath, '-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  const kill = () => {
    for (const loop of loops) loop.kill('SIGKILL');
  };
  const unregister = registerCleanup({ name: 'idle busy loops', stop: async () => kill(), kill });
  return {
    stop: async () => {
      unregister();
      await Promise.all(
        loops.map(
          (loop) =>
            new Promise((resolve) => {
              if (loop.exitCode !== null || loop.signalCode !== null) resolve();
              else {
                loop.once('exit', resolve);
                loop.kill('SIGKILL');
              }
            }),
        ),
      );
    },
  };
}
