// Wrong sign-ins at a fixed rate, in a process of their own so that they never share an event loop
// with the load being measured: `node flood-child.mjs <json settings>`. Each request comes from a
// made-up client address (X-Forwarded-For; the server runs with TRUST_PROXY=loopback) with a random auth
// hash, and either a random e-mail (`email: null`) or the one named. Prints one JSON line when done:
// { sent, perSecond, statuses: { '401': n, … }, busy (429s of the password gate), locked (429s of
// the per-account limit), errors, timeouts, latencyMs: { p50, p99 }, seconds, cpuMs (this
// process's CPU while sending) }. Loopback only.
import { randomBytes, randomInt } from 'node:crypto';
import autocannon from 'autocannon';

const SERVER_BUSY = 'Too many sign-ins at the moment';
const TOO_MANY_ATTEMPTS = 'Too many attempts';

const settings = JSON.parse(process.argv[2] ?? '{}');
const { url, rate, connections, durationSeconds, email } = settings;
if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(String(url))) throw new Error('the flood goes to 127.0.0.1 only');

const counts = { busy: 0, locked: 0 };
const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const body = () =>
  JSON.stringify({
    user: {
      email: email ?? `flood-${randomBytes(6).toString('hex')}@example.test`,
      password: randomBytes(32).toString('base64'),
    },
  });

// What sending costs this process, on the cores the server shares here (an attacker's own elsewhere).
const cpuAtStart = process.cpuUsage();
const result = await autocannon({
  url: `${url}/users/sign_in.json`,
  method: 'POST',
  connections,
  overallRate: rate,
  duration: durationSeconds,
  headers: { 'content-type': 'application/json', accept: 'application/json' },
  requests: [
    {
      setupRequest: (request) => ({
        ...request,
        headers: { ...request.headers, 'x-forwarded-for': address() },
        body: body(),
      }),
      onResponse: (status, text) => {
        if (status !== 429) return;
        if (text.includes(SERVER_BUSY)) counts.busy += 1;
        else if (text.includes(TOO_MANY_ATTEMPTS)) counts.locked += 1;
      },
    },
  ],
});

const statuses = Object.fromEntries(
  Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count]),
);
const seconds = result.duration || durationSeconds;
const cpu = process.cpuUsage(cpuAtStart);
process.stdout.write(
  `${JSON.stringify({
    sent: result.requests.sent,
    answered: result.requests.total,
    perSecond: Math.round(result.requests.total / seconds),
    statuses,
    ...counts,
    errors: result.errors,
    timeouts: result.timeouts,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    seconds,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  })}\n`,
);
