import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Agent } from 'node:https';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from './db/database.ts';
import { DEFAULT_JOB_SETTINGS, JobQueue, type JobSettings } from './jobs/queue.ts';
import { loggerOptions } from './lib/log-options.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { AccountsService } from './modules/accounts/service.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { AuditService } from './modules/audit/service.ts';
import { blockRoutes } from './modules/blocks/routes.ts';
import { BlocksService } from './modules/blocks/service.ts';
import { communityRoutes } from './modules/community/routes.ts';
import { CommunityService } from './modules/community/service.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { AuthService } from './modules/auth/service.ts';
import { sessionCookie } from './modules/auth/session-cookie.ts';
import { dataExportRoutes } from './modules/data-export/routes.ts';
import { DataExportService } from './modules/data-export/service.ts';
import { conversationRoutes } from './modules/conversations/routes.ts';
import { ConversationsService } from './modules/conversations/service.ts';
import { favouriteRoutes } from './modules/favourites/routes.ts';
import { defineTextMatching } from './modules/places/backfill.ts';
import { placeRoutes } from './modules/places/routes.ts';
import { PlacesService } from './modules/places/service.ts';
import { FavouritesService } from './modules/favourites/service.ts';
import { savedSearchRoutes } from './modules/saved-searches/routes.ts';
import { SavedSearchesService } from './modules/saved-searches/service.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { itemRoutes } from './modules/items/routes.ts';
import { moderationRoutes } from './modules/moderation/routes.ts';
import { ModerationService } from './modules/moderation/service.ts';
import { ItemsService } from './modules/items/service.ts';
import { profileRoutes } from './modules/profiles/routes.ts';
import { ProfilesService } from './modules/profiles/service.ts';
import { imageRoutes } from './modules/uploads/routes.ts';
import { ImageService } from './modules/uploads/service.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { NotificationsService } from './modules/notifications/service.ts';
import { emailChannel, MESSAGE_QUIET_MS } from './modules/notification-delivery/email-channel.ts';
import { NotificationDeliveryService } from './modules/notification-delivery/service.ts';
import { WeeklySummaries } from './modules/notification-delivery/weekly-summary.ts';
import { notificationPreferenceRoutes } from './modules/notification-preferences/routes.ts';
import { NotificationPreferencesService } from './modules/notification-preferences/service.ts';
import { ServerSecretsService } from './modules/server-secrets/service.ts';
import { pointsRoutes } from './modules/points/routes.ts';
import { PointsService } from './modules/points/service.ts';
import { PresenceService } from './modules/presence/service.ts';
import { proposalRoutes } from './modules/proposals/routes.ts';
import { pushRoutes } from './modules/push/routes.ts';
import { PushService } from './modules/push/service.ts';
import { swapProblemRoutes } from './modules/swap-problems/routes.ts';
import { SwapProblemsService } from './modules/swap-problems/service.ts';
import { ProposalsService } from './modules/proposals/service.ts';
import { roleRoutes } from './modules/roles/routes.ts';
import { RolesService } from './modules/roles/service.ts';
import { suspensionRoutes } from './modules/suspensions/routes.ts';
import { SuspensionsService } from './modules/suspensions/service.ts';
import { registerAuthentication } from './modules/auth/authentication.ts';
import { registerCompression, withoutHeadOperations } from './plugins/compression.ts';
import { clientError, frameworkError, registerErrorHandler } from './plugins/error-handler.ts';
import { registerLanguage } from './plugins/language.ts';
import { MULTIPART_LIMITS } from './plugins/multipart-form.ts';
import { memberLimits, rateLimiter, signInLimits } from './plugins/rate-limit.ts';
import { registerSameOriginCheck } from './plugins/same-origin.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStorableTextCheck } from './plugins/storable-text.ts';
import { registerWebApp } from './plugins/web-app.ts';
import type { EventBus } from './realtime/event-bus.ts';
import { InProcessEventBus } from './realtime/in-process-event-bus.ts';
import { PostgresEventBus } from './realtime/postgres-event-bus.ts';
import { MemoryRateLimitStore, PostgresRateLimitStore, type RateLimitStore } from './rate-limits/stores.ts';
import { SocketHub } from './realtime/socket-hub.ts';
import { socketError, socketRoute } from './modules/presence/socket-route.ts';
import { openStorage, type OpenStorage } from './storage/open-storage.ts';
import type { Storage } from './storage/storage.ts';

export interface Services {
  database: DatabaseHandle;
  bus: EventBus;
  hub: SocketHub;
  jobs: JobQueue;
  secrets: ServerSecretsService;
  auth: AuthService;
  push: PushService;
  points: PointsService;
  images: ImageService;
  items: ItemsService;
  profiles: ProfilesService;
  notifications: NotificationsService;
  notificationPreferences: NotificationPreferencesService;
  delivery: NotificationDeliveryService;
  weeklySummaries: WeeklySummaries;
  proposals: ProposalsService;
  conversations: ConversationsService;
  presence: PresenceService;
  accounts: AccountsService;
  audit: AuditService;
  swapProblems: SwapProblemsService;
  roles: RolesService;
  community: CommunityService;
  blocks: BlocksService;
  suspensions: SuspensionsService;
  moderation: ModerationService;
  favourites: FavouritesService;
  places: PlacesService;
  savedSearches: SavedSearchesService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface AppOptions {
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: DestinationStream;
  /** An already open database (tests); otherwise one is opened from the config. The app closes it. */
  database?: DatabaseHandle;
  /** Tests read the mail instead of sending it. */
  mailer?: Mailer;
  /** Tests retry and time out in milliseconds rather than minutes. */
  jobs?: Partial<JobSettings>;
  /** How Web Push reaches push services; tests give one that trusts their own endpoint's certificate. */
  pushAgent?: Agent;
  /** Uploaded images; by default the S3 bucket or the directory under DATA_DIR the config names. */
  storage?: Storage;
  /**
   * Lets new members list and start conversations without the community's daily limits: tests and
   * the demo seed make more in a minute than a new member may in a day.
   */
  withoutNewMemberLimits?: boolean;
}

const REQUEST_ID = /^[\w-]{1,64}$/;
const BODY_LIMIT_BYTES = 64 * 1024;
const SESSION_PRUNE_MS = 60 * 60_000;
/** Reminders are due by the day: a quarter of an hour late is on time. */
const HANDOVER_REMINDER_SWEEP_MS = 15 * 60_000;
/** Summaries are due by the week: an hour late is on time. */
const WEEKLY_SUMMARY_SWEEP_MS = 60 * 60_000;
/** Ended rate-limit windows are reused when their key comes back; the sweep lets go of those that never do. */
const RATE_LIMIT_SWEEP_MS = 10 * 60_000;
const RATE_LIMIT_KEY_SECRET = 'rate-limit-keys';

/** Runs `task` every `ms` in this instance; stop() ends the timer and waits for a run under way. */
function periodically(ms: number, task: () => Promise<unknown>, failed: (error: unknown) => void): { stop(): Promise<unknown> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = task().catch(failed);
  }, ms);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      return running;
    },
  };
}

export function databaseTarget(config: Config): DatabaseTarget {
  return config.databaseUrl
    ? { engine: 'postgres', url: config.databaseUrl }
    : { engine: 'pglite', dataDir: config.dataDir };
}

/** Registers everything and never listens: main.ts listens, tests inject. */
/** On PostgreSQL every instance (and a command run beside them) hears every event; on PGlite there is one process. */
export async function openEventBus(database: DatabaseHandle, log: FastifyBaseLogger): Promise<EventBus> {
  return database.url ? PostgresEventBus.connect(database.url, log) : new InProcessEventBus();
}

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy,
    // Every GET route answers HEAD itself (plugins/compression.ts).
    exposeHeadRoutes: false,
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      // Probes hit these every few seconds; logging each would bury everything else.
      disableRequestLogging: (request) => request.url === '/api/health' || request.url === '/api/ready',
    }),
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!REQUEST_ID.test(request.id)) request.id = randomUUID();
    reply.header('x-request-id', request.id);
  });
  // The community's language is read from its settings, built below; no request arrives before they are.
  await registerLanguage(app, () => community.defaultLocale(), config.defaultLocale);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // A storage the caller gives (tests) stays the caller's to close.
  const opened: OpenStorage = options.storage
    ? { storage: options.storage, description: 'the storage given to buildApp', close: () => undefined }
    : await openStorage(config);
  const database = options.database ?? (await openDatabase(databaseTarget(config), app.log));
  // Only now: a start refused for a locked DATA_DIR says so in one line and nothing else.
  app.log.info(`images are stored in ${opened.description}`);
  const bus = await openEventBus(database, app.log);
  const hub = new SocketHub();
  bus.subscribe(hub);

  const publicUrl = (path: string) => `${config.publicUrl ?? `http://localhost:${config.port}`}${path}`;
  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') }, app.log);
  const jobs = new JobQueue(database, app.log, { ...DEFAULT_JOB_SETTINGS, ...options.jobs });
  const secrets = new ServerSecretsService(database.db);
  // With PostgreSQL every instance counts in one table, so N instances allow one limit, not N (docs/decisions/025).
  // The key's secret is read now, not on a first request: no member's request adds a row to server_secrets.
  const rateLimitStore: RateLimitStore =
    database.engine === 'postgres'
      ? new PostgresRateLimitStore(database.db, await secrets.get(RATE_LIMIT_KEY_SECRET, () => randomBytes(32).toString('base64url')), app.log)
      : new MemoryRateLimitStore();
  const points = new PointsService(database.db, bus);
  const audit = new AuditService(database.db);
  const roles = new RolesService(database.db, audit, bus);
  const community = new CommunityService(database.db, audit, { newMemberLimits: !options.withoutNewMemberLimits, defaultLocale: config.defaultLocale });
  const auth = new AuthService(database.db, bus, points, roles, community, jobs, mailer, publicUrl);
  const push = new PushService(database.db, secrets, auth, { vapid: config.vapid, agent: options.pushAgent }, app.log);
  const images = new ImageService(opened.storage, app.log);
  const places = new PlacesService();
  // Proposals and conversations ask profiles for names, so they are built after it and reached through closures.
  const profiles: ProfilesService = new ProfilesService(database.db, images, places, {
    completedSwaps: (memberId) => proposals.completedSwaps(memberId),
    replyTimes: (memberId, since) => conversations.replyTimes(memberId, since),
  });
  const blocks = new BlocksService(database.db, profiles);
  const items = new ItemsService(database.db, images, bus, community, blocks, places);
  const notifications = new NotificationsService(database.db, bus);
  const notificationPreferences = new NotificationPreferencesService(database.db, secrets);
  // Mails name the community as it is called when they are sent.
  const communityName = async () => (await community.settings()).name;
  const delivery = new NotificationDeliveryService(database.db, jobs, notifications, notificationPreferences, publicUrl, () => community.defaultLocale());
  notifications.deliverThrough((tx, rows) => delivery.enqueue(tx, rows));
  notifications.deliverMessagesThrough((notice, userId, conversationId) => delivery.messageSteps(notice, userId, conversationId));
  delivery.channel(
    'email',
    emailChannel({
      db: database.db,
      mailer,
      preferences: notificationPreferences,
      communityName,
      publicUrl,
    }),
    { messageQuietMs: MESSAGE_QUIET_MS },
  );
  delivery.channel('push', (notice) => {
    // A push opens a page of this site in the app's own tab: its path, not the mail's full address.
    const { pathname, search } = new URL(notice.url);
    return push.sendTo(notice.userId, { title: notice.title, body: notice.body, url: pathname + search });
  });
  const weeklySummaries = new WeeklySummaries({
    db: database.db,
    jobs,
    mailer,
    items,
    notifications,
    preferences: notificationPreferences,
    communityName,
    publicUrl,
    defaultLocale: () => community.defaultLocale(),
  });
  const proposals = new ProposalsService(database.db, bus, notifications, points, items, profiles, blocks);
  items.onChange(async (tx, item, change, ownerName) => {
    const withdrawn = await proposals.withdrawOnItemChange(tx, item, change, ownerName);
    return () => proposals.announce(withdrawn);
  });
  blocks.onBlock(async (tx, blocker, blockedId) => {
    const withdrawn = await proposals.withdrawBetween(tx, blocker, blockedId);
    return () => proposals.announce(withdrawn);
  });
  const conversations = new ConversationsService(database.db, bus, images, notifications, profiles, items, community, blocks, proposals);
  blocks.onPairChange((blockerId, blockedId) => conversations.announceContactChanged(blockerId, blockedId));
  defineTextMatching(jobs, database.db, places, [items.unplaced, profiles.unplaced]);
  const favourites = new FavouritesService(database.db, items, notifications);
  items.favouritesFrom((memberId, itemId) => favourites.savedBy(memberId, itemId));
  items.onChange((tx, item, change, ownerName, next) => favourites.noteItemChange(tx, item, change, ownerName, next));
  proposals.onSwap((tx, swapped, parties) => favourites.noteSwap(tx, swapped, parties));
  const savedSearches = new SavedSearchesService(database.db, jobs, notifications, places);
  items.onListed((tx, itemIds) => savedSearches.listed(tx, itemIds));
  const accounts = new AccountsService(database.db, auth, roles, items, proposals, points, profiles, notifications, favourites, savedSearches);
  const presence = new PresenceService(database.db, bus, hub, conversations, app.log);
  bus.subscribe(presence);
  const suspensions = new SuspensionsService(database.db, auth, items, proposals, audit);
  const moderation = new ModerationService(database.db, { items, profiles, conversations, notifications, audit });
  const swapProblems = new SwapProblemsService(database.db, { proposals, notifications, profiles, audit, images });
  proposals.problemsFrom((proposalIds) => swapProblems.withOpenOrUpheldProblem(proposalIds));
  items.onChange(async (tx, item, change) => (change === 'removed' ? swapProblems.photosGoneWithItem(tx, item.id) : async () => {}));
  const dataExport = new DataExportService(
    { items, proposals, conversations, notifications, points, favourites, notificationPreferences, push, swapProblems, savedSearches, images },
    app.log,
  );
  app.decorate('services', {
    database,
    bus,
    hub,
    jobs,
    secrets,
    auth,
    push,
    points,
    images,
    items,
    profiles,
    notifications,
    notificationPreferences,
    delivery,
    weeklySummaries,
    proposals,
    conversations,
    presence,
    accounts,
    audit,
    roles,
    community,
    blocks,
    suspensions,
    moderation,
    swapProblems,
    favourites,
    places,
    savedSearches,
  });

  const pruneTimer = setInterval(() => {
    auth.pruneExpiredSessions().catch((error: unknown) => app.log.warn({ err: error }, 'session pruning failed'));
  }, SESSION_PRUNE_MS);
  pruneTimer.unref();
  // Every instance sweeps; the rows they claim make each reminder (ProposalsService.remindHandovers)
  // and each week's summary (WeeklySummaries.sweep) go out once.
  const sweeps = [
    periodically(HANDOVER_REMINDER_SWEEP_MS, () => proposals.remindHandovers(), (error) => app.log.warn({ err: error }, 'hand-over reminders failed')),
    periodically(WEEKLY_SUMMARY_SWEEP_MS, () => weeklySummaries.sweep(), (error) => app.log.warn({ err: error }, 'the weekly summary sweep failed')),
    periodically(RATE_LIMIT_SWEEP_MS, () => rateLimitStore.sweep(), (error) => app.log.warn({ err: error }, 'the rate-limit sweep failed')),
  ];

  // Keep-alive connections would hold a closing server open until they time out (72 s):
  // answers sent while closing tell the client to hang up.
  let closing = false;
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(pruneTimer);
    await Promise.all(sweeps.map((sweep) => sweep.stop()));
    await jobs.stop();
    mailer.close?.();
    await presence.stop();
    hub.stop();
  });
  app.addHook('onClose', async () => {
    await bus.close();
    await database.close();
    opened.close();
  });

  await registerSecurityHeaders(app, config.publicUrl);
  await registerCompression(app);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 }, errorHandler: socketError });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Swapyard API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
    // Every GET route also answers HEAD (plugins/compression.ts); the document lists each operation once.
    transformObject: (document) => ('openapiObject' in document ? withoutHeadOperations(document.openapiObject) : document.swaggerObject),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  registerErrorHandler(app);
  registerSameOriginCheck(app, config);
  registerStorableTextCheck(app);
  const cookie = sessionCookie(config);
  const limiter = rateLimiter(rateLimitStore);
  const limits = memberLimits(limiter, config.rateLimits);
  registerAuthentication(app, auth, cookie);

  await app.register(healthRoutes(database));
  const signIn = signInLimits(limiter, config.rateLimits);
  await app.register(authRoutes(auth, cookie, config, signIn, limiter));
  await app.register(accountRoutes(accounts, cookie, signIn));
  await app.register(pushRoutes(push));
  await app.register(communityRoutes(community, config, limiter));
  await app.register(itemRoutes(items, limits));
  await app.register(profileRoutes(profiles, limits));
  await app.register(imageRoutes(images));
  await app.register(proposalRoutes(proposals, limits));
  await app.register(notificationRoutes(notifications));
  await app.register(notificationPreferenceRoutes(notificationPreferences));
  await app.register(pointsRoutes(points));
  await app.register(conversationRoutes(conversations, limits));
  await app.register(blockRoutes(blocks));
  await app.register(dataExportRoutes(dataExport, limits));
  await app.register(roleRoutes(roles));
  await app.register(suspensionRoutes(suspensions));
  await app.register(moderationRoutes(moderation, limits.reports));
  await app.register(swapProblemRoutes(swapProblems, limits));
  await app.register(favouriteRoutes(favourites));
  await app.register(placeRoutes(places));
  await app.register(savedSearchRoutes(savedSearches));
  await app.register(auditRoutes(audit));
  await app.register(socketRoute(hub, presence, config));
  await registerWebApp(app, config.webDistDir);

  // Last, once every kind has its handler: jobs left from before a restart run now.
  await jobs.start();
  return app;
}
