import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config';
import { type AppContext, MEMOS } from './context';
import type { Database } from './db/client';
import { codeKey } from './lib/code-key';
import { createMailer, loggingMailer, type Mailer } from './lib/mail';
import { MailQueue } from './lib/mail-queue';
import { Metrics } from './lib/metrics';
import { fileDriver } from './lib/file-driver';
import { type FileDriver, LOOSE_FILE_GRACE_MS, UploadStore } from './lib/storage';
import { registerAccess } from './plugins/access';
import { registerDiskGuard } from './plugins/disk-guard';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './plugins/errors';
import { registerOriginCheck } from './plugins/origin';
import { CHANNELS } from './db/changes';
import { applyUserNotice, SessionCache } from './modules/sessions/cache';
import { registerSessions } from './modules/sessions/plugin';
import type { CurrentUser } from './modules/sessions/store';
import { registerKept } from './plugins/kept';
import { registerObservation, RequestLogController } from './plugins/observe';
import { registerSecurityHeaders, securityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';
import { authRoutes } from './modules/auth/routes';
import { userRoutes } from './modules/users/routes';
import { adminUserRoutes } from './modules/users/admin-routes';
import { assignmentRoutes } from './modules/assignments/routes';
import { sectionQuestionRoutes } from './modules/section-questions/routes';
import { studentsOfCourses } from './modules/student/access';
import { attemptWriter } from './modules/student/attempts';
import { SkillKeeper } from './modules/mastery/keeper';
import { dueDateRoutes } from './modules/due-dates/routes';
import { letterRoutes } from './modules/letters/routes';
import { startLetterJobs, type LetterJobOptions, type LetterJobs } from './modules/letters/jobs';
import { studentRoutes } from './modules/student/routes';
import { dashboardRoutes } from './modules/dashboards/routes';
import { classRoutes } from './modules/classes/routes';
import { gradebookRoutes } from './modules/gradebook/routes';
import { progressRoutes } from './modules/progress/routes';
import { familyRoutes } from './modules/families/routes';
import { courseRoutes } from './modules/courses/routes';
import { publicRoutes } from './modules/public/routes';
import { offeringRoutes } from './modules/offerings/routes';
import { listPublic } from './modules/offerings/service';
import { academyRoutes } from './modules/academy/routes';
import { deskRoutes } from './modules/desk/routes';
import { enrollmentRoutes } from './modules/enrollments/routes';
import { readAcademy } from './modules/academy/service';
import { questionRoutes } from './modules/questions/routes';
import { exchangeRoutes } from './modules/exchange/routes';
import { testTakingRoutes } from './modules/test-taking/routes';
import { sittingReviewRoutes } from './modules/test-taking/review-routes';
import { studentWorkRoutes } from './modules/student-work/routes';
import { savedTestRoutes } from './modules/saved-tests/routes';
import { categoryRoutes } from './modules/categories/routes';
import { skillRoutes } from './modules/skills/routes';
import { examRoutes } from './modules/exams/routes';
import { operationsRoutes } from './modules/operations/routes';
import { masteryRoutes } from './modules/mastery/routes';
import { practiceRoutes } from './modules/practice/routes';
import { analyticsRoutes } from './modules/analytics/routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when the writes the server makes behind its answers (answer attempts) are stored. */
    flushWrites(): Promise<void>;
    /** The uploads, for the demo seed and the tools that copy them. */
    uploads: UploadStore;
    /** The parents' letters' job queue, when this process runs it. */
    letterJobs: LetterJobs | null;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** Defaults to SMTP or the outbox, as configured; either way mail is delivered behind the answers, by a queue. */
  mailer?: Mailer;
  now?: () => Date;
  rateLimitFactor?: number;
  /** How long a signed-in user is reused without a query (0 turns the cache off). */
  sessionCacheMs?: number;
  /** How long queued answers wait before they are counted into skills; defaults to `SKILL_COUNTING_DELAY_MS`. */
  skillCountingDelayMs?: number;
  logger?: FastifyServerOptions['logger'];
  /** Where uploads go; defaults to the configured one (the bucket, or DATA_DIR/uploads). */
  files?: FileDriver;
  /** Overload limits; the defaults turn requests away once the event loop lags a second behind. */
  pressure?: Pick<
    FastifyUnderPressureOptions,
    'maxEventLoopDelay' | 'maxHeapUsedBytes' | 'maxRssBytes' | 'sampleInterval'
  >;
  /**
   * Runs the job queue (the parents' letters) in this process; the server does, tests that are about it do, with
   * their own ticks and delays.
   */
  jobs?: boolean | LetterJobOptions;
  /** Where the built web app is; nothing is served when it is missing. */
  distDir?: string | null;
  /** The secret that lets `npm run backup` ask this server for a backup (embedded database only); unset: none may. */
  backupToken?: string;
  /** How long a client may take to send a request, and how many connections are held at once; defaults: `CONNECTION_LIMITS`. */
  connections?: Partial<ConnectionLimits>;
}

export interface ConnectionLimits {
  /** The whole request, headers and body: five 5 MB images over a slow school line fit; a trickled body does not. */
  requestMs: number;
  /** The headers alone: a few hundred bytes, so a client that has not sent them by then never will. */
  headersMs: number;
  /** How often Node looks for requests past those limits (its default, 30 s, would let one live that much longer). */
  checkEveryMs: number;
  /** Connections open at once: beyond it a new one is closed at once, before it can hold a file descriptor for long. */
  max: number;
}

export const CONNECTION_LIMITS: ConnectionLimits = {
  requestMs: 120_000,
  headersMs: 15_000,
  checkEveryMs: 1000,
  max: 800,
};

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const RETRY_AFTER_SECONDS = 5;
export const OVERLOADED = 'The academy is very busy right now. Please try again in a few seconds.';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Never log secrets: cookies, passwords, codes and tokens stay out of the logs. */
export const logRedactions = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

/**
 * Fastify's own hop count trusts nobody (it cannot tell the proxy from a client), so hops are counted here: the
 * peer and the hops - 1 addresses before it are proxies, and the address they were given is the client's.
 */
function proxyTrust(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('hops' in trust) return (_address, hop) => hop < trust.hops;
  return trust.proxies;
}

/** Builds the whole academy server; tests build it with their own database, clock and mail catcher. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const headersFor = securityHeaders();
  const limits = { ...CONNECTION_LIMITS, ...deps.connections };
  const app = Fastify({
    // Fastify waits forever by default: a client trickling its body a byte at a time would hold its connection.
    requestTimeout: limits.requestMs,
    http: { headersTimeout: limits.headersMs, connectionsCheckingInterval: limits.checkEveryMs },
    logger: deps.logger ?? false,
    // A caller's own id is kept only in a plain format: it is echoed in a header and written in every log line.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    trustProxy: proxyTrust(config.trustProxy),
    // One line per request, by route pattern (plugins/observe.ts), instead of Fastify's two by raw URL.
    logController: new RequestLogController(),
    // Errors met before any hook runs get the same shape and headers as every other answer.
    frameworkErrors: frameworkErrorHandler(headersFor),
    clientErrorHandler: clientErrorHandler(headersFor),
  });
  app.server.maxConnections = limits.max;
  // First of all hooks: an answer a later hook gives early (overload, a cross-site request) carries them too.
  registerSecurityHeaders(app, headersFor);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Before any route: each route's hook is made when it is added. The kept stores are read only when scraped.
  registerObservation(app, new Metrics({ database, kept: () => app.keptSizes() }));

  const sessionCache = new SessionCache<CurrentUser>(deps.sessionCacheMs ?? 15_000);
  await database.listen(CHANNELS.users, (payload) => applyUserNotice(sessionCache, payload));
  // Before any route is added: the plugin reads their `kept` and `invalidates` declarations.
  // Names this instance on the attempts channel, so it does not forget what it has counted itself.
  const instance = randomUUID();
  const memos = await registerKept(
    app,
    {
      listen: (channel, handler) => database.listen(channel, handler),
      notify: async (channel, payload) =>
        void (await database.db.execute(sql`select pg_notify(${channel}, ${payload})`)),
      studentsOf: (courseIds) => studentsOfCourses(database.db, courseIds),
    },
    instance,
    MEMOS,
  );
  const deliver = loggingMailer(
    deps.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        outboxDir: path.join(config.dataDir, 'outbox'),
        from: config.mailFrom,
      }),
    app.log,
    config.env !== 'production' && !config.smtpUrl,
  );
  const mailQueue = new MailQueue(deliver, app.log);
  const skills = new SkillKeeper(database.db, app.log, deps.skillCountingDelayMs);
  const ctx: AppContext = {
    db: database.db,
    sessionCache,
    memos,
    config,
    now: deps.now ?? (() => new Date()),
    rateLimitFactor: deps.rateLimitFactor ?? 1,
    codeKey: codeKey(config),
    attempts: attemptWriter(database.db, app.log, { instance, totals: memos.studentTotals }, () => skills.soon()),
    skills,
    mailer: mailQueue,
    deliver,
    uploads: new UploadStore(deps.files ?? fileDriver(config), database.db),
  };
  app.decorate('uploads', ctx.uploads);
  // Files a killed process left unowned. PGlite's data directory has one process (its lock), so nothing else can
  // be in flight; instances sharing PostgreSQL leave a newer file alone, as it may be another's upload under way.
  const sweepGrace = database.kind === 'pglite' ? 0 : LOOSE_FILE_GRACE_MS;
  await ctx.uploads.sweep(ctx.now(), sweepGrace);
  const sweeper = setInterval(() => {
    ctx.uploads
      .sweep(ctx.now())
      .catch((error: unknown) => app.log.error({ err: error }, 'sweeping loose uploads failed'));
  }, 3600_000).unref();
  app.addHook('onClose', () => clearInterval(sweeper));

  // Writes that answers do not wait for are settled before the database closes, and by tests before they look.
  app.decorate('flushWrites', () => ctx.attempts.flush());
  app.addHook('onClose', async () => {
    try {
      await ctx.attempts.drain();
    } catch {
      // The one loss left: attempts kept through an outage die with the process that kept them.
      app.log.error(
        `${ctx.attempts.unwritten} answer attempts could not be stored: the database could not be reached as the server stopped`,
      );
    }
  });
  // Answers queued by an instance that stopped before it counted them.
  await skills.catchUp();
  // The job queue stops before the skill keeper, whose levels a letter reads.
  const letterJobs: LetterJobs | null = deps.jobs
    ? await startLetterJobs(ctx, database, app.log, deps.jobs === true ? {} : deps.jobs)
    : null;
  app.decorate('letterJobs', letterJobs);
  if (letterJobs) app.addHook('onClose', () => letterJobs.stop());
  app.addHook('onClose', () => skills.close());
  app.addHook('onClose', () => mailQueue.close());

  registerErrorHandling(app);
  // The embedded database and uploads on disk write to DATA_DIR; PostgreSQL and a bucket watch their own disks.
  if (config.diskReserveBytes > 0 && (database.kind === 'pglite' || !config.s3))
    await registerDiskGuard(app, config.dataDir, config.diskReserveBytes);
  // An overloaded instance says so at once, with when to come back, instead of letting requests queue until they
  // time out; the proxy or the browser tries again (or another instance).
  await app.register(underPressure, {
    maxEventLoopDelay: 1000,
    ...deps.pressure,
    retryAfter: RETRY_AFTER_SECONDS,
    message: OVERLOADED,
  });
  await app.register(cookie);
  // Before access: a cross-site request is refused before any session is looked up.
  registerOriginCheck(app, config.publicUrl);
  registerSessions(app, ctx);
  registerAccess(app);

  if (config.apiDocs) {
    await app.register(swagger, {
      openapi: { info: { title: 'Math Academy API', version: '1.0.0' } },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  }

  await app.register(
    async (api) => {
      await api.register(
        operationsRoutes(
          ctx,
          deps.backupToken && database.snapshot ? { database, token: deps.backupToken } : undefined,
        ),
      );
      await api.register(authRoutes(ctx));
      await api.register(userRoutes(ctx));
      await api.register(adminUserRoutes(ctx));
      await api.register(assignmentRoutes(ctx));
      await api.register(sectionQuestionRoutes(ctx));
      await api.register(studentRoutes(ctx));
      await api.register(courseRoutes(ctx));
      await api.register(publicRoutes(ctx));
      await api.register(offeringRoutes(ctx));
      await api.register(academyRoutes(ctx));
      await api.register(deskRoutes(ctx));
      await api.register(enrollmentRoutes(ctx));
      await api.register(questionRoutes(ctx));
      await api.register(exchangeRoutes(ctx));
      await api.register(categoryRoutes(ctx));
      await api.register(skillRoutes(ctx));
      await api.register(examRoutes(ctx));
      await api.register(dashboardRoutes(ctx));
      await api.register(gradebookRoutes(ctx));
      await api.register(familyRoutes(ctx));
      await api.register(savedTestRoutes(ctx));
      await api.register(testTakingRoutes(ctx));
      await api.register(sittingReviewRoutes(ctx));
      await api.register(classRoutes(ctx));
      await api.register(studentWorkRoutes(ctx));
      await api.register(dueDateRoutes(ctx));
      await api.register(masteryRoutes(ctx));
      await api.register(practiceRoutes(ctx));
      await api.register(progressRoutes(ctx));
      await api.register(letterRoutes(ctx));
      await api.register(analyticsRoutes(ctx));
    },
    { prefix: '/api' },
  );

  const distDir = deps.distDir === undefined ? path.join(rootDir, 'dist') : deps.distDir;
  // The landing page shows the published catalogue, drawn again on every instance when an offering changes; every
  // page carries the academy's details.
  if (distDir)
    await registerSpa(app, distDir, {
      catalogue: {
        load: () => listPublic(ctx.db),
        listen: (changed) => database.listen(CHANNELS.catalogue, changed),
      },
      pageData: () => readAcademy(ctx).then((academy) => JSON.stringify(academy)),
    });
  return app;
}
