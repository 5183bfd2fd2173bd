// What the core API's and the BFF's servers share: the settings both read,
// and how they leave a balancer's rotation. The rest of their Fastify
// bootstrap may move here too.

export * from './settings.ts'
export * from './drain.ts'
