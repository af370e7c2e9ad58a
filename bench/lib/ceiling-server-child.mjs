// The ceiling: a bare Fastify server (the same fastify the real server uses, no plugins, no logger)
// answering each recorded route with the recorded status, headers and body bytes, from memory.
// Started by ceiling-server.mjs with: node ceiling-server-child.mjs <spec.json> <port> <host>
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const [specFile, port, host] = process.argv.slice(2);
const spec = JSON.parse(readFileSync(specFile, 'utf8'));
const requireFromServer = createRequire(spec.resolveFrom);
const { default: Fastify } = await import(pathToFileURL(requireFromServer.resolve('fastify')).href);

const app = Fastify({ logger: false });
for (const route of spec.routes) {
  const body = readFileSync(route.bodyFile);
  app.route({
    method: route.method,
    url: route.path,
    handler: (_request, reply) => {
      reply.code(route.status).headers(route.headers).send(body);
    },
  });
}
await app.listen({ port: Number(port), host });
// Exit with the harness, even when it is killed without a chance to stop us.
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.send?.({ ready: true });
