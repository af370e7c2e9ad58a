// Temporary probe (not committed): where the password-health check's long tasks come from.
import { writeFileSync } from 'node:fs';
import { BENCH_PASSWORD, loadCredentials, startSeededServer } from './dataset/index.mjs';
import { buildBenchPage, launchChromium, openBenchPage, signInInPage } from './lib/index.mjs';

const COUNT = Number(process.env.N ?? 10000);
const log = (m) => console.log(new Date().toISOString().slice(11, 19), m);
const pageDir = await buildBenchPage('password-health');
const { server } = await startSeededServer({ env: { WEB_DIST: pageDir, HIBP_RANGE_URL: 'off' }, log });
const chromium = await launchChromium();
try {
  const member = (await loadCredentials()).users.largeMember;
  const page = await openBenchPage(chromium.browser, `${server.url}/`, 'passwordHealthBench', log);
  const userId = await signInInPage(page, 'passwordHealthBench', { email: member.email, password: BENCH_PASSWORD });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await chromium.browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel'] });
  await cdp.send('Profiler.start');
  log('measuring');
  const times = await page.evaluate(({ user, count }) => window.passwordHealthBench.measure(user, count, 1, 100), { user: userId, count: COUNT });
  const { profile } = await cdp.send('Profiler.stop');
  const trace = await chromium.browser.stopTracing();
  writeFileSync('/work/probe/profile.json', JSON.stringify(profile));
  writeFileSync('/work/probe/trace.json', trace);
  log(JSON.stringify({ ...times, app: times.app, floor: times.floor }));
} finally {
  await chromium.close();
  await server.stop();
}
