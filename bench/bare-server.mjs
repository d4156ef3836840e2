// A bare Fastify app answering /version: the reference the budget divides the server's cold
// start by, so a slower machine (which starts every Node program more slowly) does not fail it.
import Fastify from 'fastify';

const app = Fastify();
app.get('/version', async () => ({ version: 'bare' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
