import type { FastifyInstance } from 'fastify'
import type { Transaction } from 'sequelize'
import type { JobQueue } from '../../../platform/jobs/job-queue.ts'
import { servicePlugin } from '../../../platform/lib/service-plugin.ts'
import type { StaffActor } from '../../staff/index.ts'

// The publishing schedule: one job queue for every kind of content. A job
// names its kind (a report's names none: jobs queued before articles could be
// scheduled carry only the code and the time), and this table says which
// service publishes it, so the kinds never call each other.

export const PUBLISH_QUEUE = 'content-publish'

export type ScheduledKind = 'report' | 'bulletin' | 'news'

/** A scheduled publish as the job queue carries it. */
export interface ScheduledPublish {
  kind?: Exclude<ScheduledKind, 'report'>
  code: string
  at: string
}

/** A kind's side of the schedule: publish `code` if it is still scheduled for `at`. */
export interface ScheduledPublisher {
  runScheduled(job: { code: string; at: string }): Promise<boolean>
}

/** The author a scheduled publish is saved and audited under. */
export const SCHEDULER: StaffActor = { id: '0', name: 'scheduler', role: 'admin', ip: null }

export class PublishSchedule {
  private readonly publishers = new Map<ScheduledKind, ScheduledPublisher>()

  constructor(private readonly jobs: JobQueue) {}

  /** Registers the service that publishes `kind` when its time comes. */
  handle(kind: ScheduledKind, publisher: ScheduledPublisher): void {
    this.publishers.set(kind, publisher)
  }

  /** Queues the publish of `code` at `at`, in the save's transaction (a rolled-back save schedules nothing). */
  async schedule(kind: ScheduledKind, code: string, at: Date, transaction: Transaction): Promise<void> {
    const job: ScheduledPublish = kind === 'report' ? { code, at: at.toISOString() } : { kind, code, at: at.toISOString() }
    await this.jobs.send(PUBLISH_QUEUE, job, { transaction, startAfter: at })
  }

  async run(job: ScheduledPublish): Promise<boolean> {
    const publisher = this.publishers.get(job.kind ?? 'report')
    // Thrown, the job is retried: the kind's service registers while the app starts.
    if (!publisher) throw new Error(`no publisher for scheduled ${job.kind ?? 'report'} jobs`)
    return publisher.runScheduled(job)
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    publishSchedule: PublishSchedule
  }
}

export default servicePlugin(
  { name: 'publish-schedule', decorates: 'publishSchedule', dependencies: ['db', 'job-queue'] },
  async (app: FastifyInstance) => {
    const schedule = new PublishSchedule(app.jobs)
    await app.jobs.define(PUBLISH_QUEUE, { policy: 'standard', retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 })
    await app.jobs.work<ScheduledPublish>(PUBLISH_QUEUE, async (job) => {
      await schedule.run(job)
    })
    return schedule
  },
)
