#!/usr/bin/env node
// `npm run typecheck`: builds core and server (the server's test config reads their declarations), then
// checks the other projects side by side. Each tsc is one thread, so one after another they left a core
// of the two-core CI machine idle for most of the step (docs/testing.md).
import { spawn } from 'node:child_process';

const tsc = (args) =>
  new Promise((resolve) => {
    const child = spawn('npx', ['tsc', ...args], { stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 1));
  });

const built = await tsc(['-b', 'packages/core', 'packages/server']);
if (built !== 0) process.exit(built);

const projects = ['packages/server/tsconfig.test.json', 'packages/web', 'packages/extension', 'e2e', 'bench'];
const codes = await Promise.all(projects.map((project) => tsc(['-p', project, '--noEmit'])));
process.exit(codes.find((code) => code !== 0) ?? 0);
