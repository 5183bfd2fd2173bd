import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyPluginCallback,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'
import fp from 'fastify-plugin'
import { exitOnSignals } from './drain.ts'
import { envelopeClientError } from './envelope.ts'
import { SettingsError, trustProxyOption } from './settings.ts'

// The server/app split both services follow: app.ts is a plugin that takes
// its settings (tests build it on an instance of their own), server.ts reads
// the settings once, makes the instance, listens and closes gracefully.

/** Signed download links carry their secret in the path; the log keeps only its first characters. */
export function redactUrl(url: string): string {
  return url.replace(/(\/download\/)([A-Za-z0-9_-]{6})[A-Za-z0-9_-]*/g, '$1$2…')
}

interface LoggedRequest {
  method: string
  url: string
  originalUrl?: string
  host?: string
  ip?: string
  socket?: { remotePort?: number }
}

/** The logger of server.ts: tokens, cookies and credentials never reach the log, nor a download link's secret. */
export function loggerOptions(
  level: string,
  options: { redact?: readonly string[]; serializers?: Record<string, (value: never) => unknown> } = {},
): FastifyServerOptions['logger'] & object {
  return {
    level,
    redact: {
      paths: ['req.headers["website-token"]', 'req.headers.cookie', 'req.headers.authorization', ...(options.redact ?? [])],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.originalUrl ?? request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      ...options.serializers,
    },
  }
}

/** Fastify's options both services create their instance with; each adds its own. */
export function serverOptions(
  settings: { BODY_LIMIT_BYTES: number; TRUST_PROXY: string },
  options: {
    /** Ajv drops fields no schema declares (the core API's tolerant reader), or refuses them by name */
    removeAdditional: boolean
    /** Answers a URL the router cannot read (not valid percent-encoded UTF-8), before any error handler */
    badUrl: (request: FastifyRequest, reply: FastifyReply) => void
  },
): FastifyServerOptions {
  return {
    bodyLimit: settings.BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(settings.TRUST_PROXY),
    // Numeric strings coerced and defaults filled in; the first violation is the one answered.
    ajv: { customOptions: { removeAdditional: options.removeAdditional, coerceTypes: 'array', useDefaults: true, allErrors: false } },
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    // A request on a kept-alive connection during a shutdown's drain is served (drain.ts), not refused.
    return503OnClosing: false,
    clientErrorHandler: envelopeClientError,
    frameworkErrors: (_error, request, reply) => options.badUrl(request, reply),
  }
}

/** The settings, read and checked once at boot, as app.config: no plugin reads process.env. Each service types app.config. */
export const configPlugin = fp(
  async (app: FastifyInstance, options: { config: unknown }) => {
    app.decorate<unknown>('config', options.config)
  },
  { name: 'config' },
)

/** A plugin that takes no options (an fp-wrapped one, or a routes tree). */
type Plugin = FastifyPluginAsync | FastifyPluginCallback

/** Registers plugins one after another, each seeing what the ones before it decorated. */
export async function registerInOrder(app: FastifyInstance, plugins: readonly Plugin[]): Promise<void> {
  for (const plugin of plugins) await app.register(plugin)
}

/** The plugins of a service as one unencapsulated plugin: routes, and tests, reach what they decorate on the root instance. */
export function pluginSet(name: string, plugins: readonly Plugin[]) {
  return fp((app: FastifyInstance) => registerInOrder(app, plugins), { name })
}

type ErrorClass = abstract new (...args: never[]) => Error

export interface Service<C extends object> {
  /** The settings, from the environment: the one place that reads it */
  loadConfig(): C
  /** The instance's options, its logger included */
  fastifyOptions(config: C): FastifyServerOptions
  /** Registers the app on the instance */
  register(server: FastifyInstance, config: C): PromiseLike<unknown>
  listen(config: C): { host: string; port: number }
  /** Failures of the setup whose message says all (besides a bad setting): one line on stderr, exit code 1, no stack trace */
  setupErrors?: readonly ErrorClass[]
  /** Once it listens */
  listening?(server: FastifyInstance, config: C): void
}

/**
 * server.ts of a service: reads the settings, builds the app, listens, and on
 * SIGTERM drains for DRAIN_MS (at once without it) and closes (drain.ts). A
 * bad setting, or a setup error the service names, stops it with its one-line
 * message and exit code 1.
 */
export function serve<C extends object>(service: Service<C>): void {
  const start = async () => {
    const config = service.loadConfig()
    const server = Fastify(service.fastifyOptions(config))
    await service.register(server, config)
    await server.ready()
    // SIGTERM: readiness fails, the listener closes, kept-alive connections bring their last requests for DRAIN_MS, then exit.
    exitOnSignals(server, { drainMs: 'DRAIN_MS' in config && typeof config.DRAIN_MS === 'number' ? config.DRAIN_MS : 0 })
    await server.listen(service.listen(config))
    service.listening?.(server, config)
  }
  const oneLine = [SettingsError, ...(service.setupErrors ?? [])]
  start().catch((error: unknown) => {
    console.error(error instanceof Error && oneLine.some((kind) => error instanceof kind) ? error.message : error)
    process.exit(1)
  })
}
