export const CATEGORIES = [
  'Electronics',
  'Furniture',
  'Clothing',
  'Books',
  'Sports',
  'Services',
  'Other',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const STARTING_POINTS = 100;
export const MAX_ITEM_IMAGES = 4;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const DASHBOARD_RECENT_ITEMS = 4;
export const DASHBOARD_RECENT_CONVERSATIONS = 3;
export const NOTIFICATION_PREVIEW_CHARS = 30;
export const TOAST_DURATION_MS = 4000;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const DISPLAY_NAME_MAX_LENGTH = 80;
export const EMAIL_MAX_LENGTH = 254;

export const REMEMBERED_SESSION_DAYS = 30;
export const BROWSER_SESSION_HOURS = 12;
export const PASSWORD_RESET_MINUTES = 60;
export const EMAIL_CHANGE_HOURS = 24;

export const ITEM_STATUSES = ['available', 'swapped', 'withdrawn'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export const ITEM_TYPES = ['all', 'items', 'services'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export const ITEM_TITLE_MAX_LENGTH = 120;
export const ITEM_DESCRIPTION_MAX_LENGTH = 2000;
export const ITEM_LOCATION_MAX_LENGTH = 120;
export const ITEM_VALUE_MAX = 1_000_000;
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MARKETPLACE_PAGE_SIZE = 24;
export const BIO_MAX_LENGTH = 500;
export const PROPOSAL_MESSAGE_MAX_LENGTH = 1000;
export const RATING_COMMENT_MAX_LENGTH = 500;
export const MESSAGE_MAX_LENGTH = 2000;
/** The longest search a list takes: the marketplace's and the conversations'. */
export const SEARCH_MAX_LENGTH = 200;
/** A reply time is shown once a member has answered this often in the window (docs/decisions/015). */
export const REPLY_TIME_MIN_REPLIES = 5;
export const REPLY_TIME_WINDOW_DAYS = 90;

// Beside the constants, not the events' schemas: the web client needs them before it needs zod.
export const WS_PATH = '/api/ws';
/** Close codes the web client acts on. */
export const WS_CLOSE = { sessionEnded: 4001, resync: 4002, shuttingDown: 1001 } as const;
/** The most members one tab may watch for presence: more than any page shows at once (docs/decisions/030). */
export const PRESENCE_WATCH_MAX = 100;
/** The type of the one message a tab sends over /api/ws, sent by the web before zod is loaded. */
export const PRESENCE_WATCH = 'presence.watch';

/** Issue 17: the marketplace's "Within ... km of" choices; a saved search keeps one of them too. */
export const DISTANCE_RADII_KM = [5, 10, 25, 50, 100] as const;
export type DistanceRadiusKm = (typeof DISTANCE_RADII_KM)[number];
export const MARKETPLACE_SORTS = ['newest', 'nearest'] as const;
export type MarketplaceSort = (typeof MARKETPLACE_SORTS)[number];
/** Issue 17: how many searches a member may keep, and how long a name may be. */
export const SAVED_SEARCHES_MAX = 50;
export const SAVED_SEARCH_NAME_MAX_LENGTH = 80;
/** How many places the place picker offers for what was typed. */
export const PLACE_SUGGESTIONS_MAX = 10;

// Issue 15: reports and moderators' actions. Here, not beside their schemas, because the report and reason
// dialogs load with every page, and a value from a module of schemas would bring zod with it.
export const REPORT_TARGET_TYPES = ['item', 'user', 'message'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = ['spam', 'prohibited', 'scam', 'harassment', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_NOTE_MAX_LENGTH = 500;
export const MODERATION_REASON_MAX_LENGTH = 500;
/** How many messages before a reported one the queue shows: enough to read it in context, no more. */
export const REPORTED_MESSAGE_CONTEXT = 4;

// Here, not beside their schemas in proposals.ts and auth.ts: the socket's events (events.ts) use them, and
// importing those modules would build their schemas in the tab's event parser (docs/decisions/037).

/**
 * 'countered': the other side answered this offer with a counter-offer, which replaced it.
 * 'reversed': a moderator undid the accepted swap after a problem was reported (docs/decisions/018).
 */
export const PROPOSAL_STATUSES = ['pending', 'accepted', 'declined', 'cancelled', 'countered', 'reversed'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** A member uses the marketplace; a moderator also works the report queue; an admin also runs the community. */
export const ROLES = ['member', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
