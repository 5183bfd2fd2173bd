// What the core API's and the BFF's servers share (the payment sandbox uses
// it too): the settings both read, the server/app split and how they leave a
// balancer's rotation, the config plugin, the body parsers, and the envelope
// of what the framework refuses.

export * from './settings.ts'
export * from './drain.ts'
export * from './server.ts'
export * from './body-parsers.ts'
export * from './envelope.ts'
