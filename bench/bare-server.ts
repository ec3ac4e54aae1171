import Fastify from 'fastify';

// The baseline: a bare Fastify route answering the same JSON from memory, no database, no plugins.
const body = process.env.BARE_BODY ?? '{}';
const app = Fastify({ logger: false });
app.get('/bare', async (_req, reply) => reply.type('application/json').send(body));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`bare server listening`);
