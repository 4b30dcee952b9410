import { desc, eq } from 'drizzle-orm';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../../server/src/config.ts';
import { openDatabase, type Database, type DatabaseTarget } from '../../../server/src/db/database.ts';
import { items, users } from '../../../server/src/db/schema/index.ts';
import { openStorage } from '../../../server/src/storage/open-storage.ts';
import { freshBenchDatabase } from './fresh-database.ts';
import { generateMarketplace, type Marketplace } from './generate.ts';
import { storeListingPhotos } from './images.ts';
import { createSignedInMembers, type SignedInMember } from './members.ts';

export type Engine = 'PGlite' | 'PostgreSQL';

/** What the measures need to know about the data, kept beside a cached copy. */
export interface DatasetInfo {
  marketplace: Marketplace;
  /** Signed in, for the marketplace loads and Lighthouse. */
  viewer: SignedInMember;
  /** Signed in, one socket each in the chat measure. */
  chatMembers: SignedInMember[];
  /** The newest available listing, for /item/{id}. */
  sampleItemId: string;
  /** One available listing of each of up to PROPOSAL_TARGETS sellers, with the address their mail goes to. */
  proposalTargets: ProposalTarget[];
  createdAt: string;
  generationSeconds: number;
}

export interface Dataset extends DatasetInfo {
  engine: Engine;
  /** PGlite's data and the uploaded photos (local storage) live here for both engines. */
  dataDir: string;
  databaseUrl?: string;
  fromCache: boolean;
  dispose(): Promise<void>;
}

export interface ProposalTarget {
  itemId: string;
  ownerEmail: string;
}

const quiet = { warn: () => undefined };
/** As many as the proposal-mail measure sends, each to a receiver of its own: 100 sellers, which 5,000 listings have. */
const PROPOSAL_TARGETS = 100;
/** One socket each in the chat measure, in pairs. */
const CHAT_MEMBERS = 1000;
// Sessions last 30 days; a cached copy is remade well before its members would be signed out.
const CACHE_MAX_AGE_MS = 7 * 86_400_000;
const DATA_SOURCES = [fileURLToPath(new URL('.', import.meta.url)), fileURLToPath(new URL('../../../server/src/db/migrations', import.meta.url))];

async function fill(db: Database, dataDir: string, listings: number): Promise<DatasetInfo> {
  const started = performance.now();
  const storage = await openStorage(loadConfig({ DATA_DIR: dataDir }));
  const photos = await storeListingPhotos(storage.storage, randomUUID());
  storage.close();
  const marketplace = await generateMarketplace(db, listings, photos);
  const [viewer] = await createSignedInMembers(db, 1, 'viewer');
  const chatMembers = await createSignedInMembers(db, CHAT_MEMBERS, 'chat');
  const [newest] = await db
    .select({ id: items.id })
    .from(items)
    .where(eq(items.status, 'available'))
    .orderBy(desc(items.createdAt), desc(items.id))
    .limit(1);
  const proposalTargets = await db
    .selectDistinctOn([items.ownerId], { itemId: items.id, ownerEmail: users.email })
    .from(items)
    .innerJoin(users, eq(users.id, items.ownerId))
    .where(eq(items.status, 'available'))
    .orderBy(items.ownerId, items.id)
    .limit(PROPOSAL_TARGETS);
  return {
    marketplace,
    viewer: viewer!,
    chatMembers,
    sampleItemId: newest!.id,
    proposalTargets,
    createdAt: new Date().toISOString(),
    generationSeconds: (performance.now() - started) / 1000,
  };
}

async function generateInto(target: DatabaseTarget, dataDir: string, listings: number): Promise<DatasetInfo> {
  const database = await openDatabase(target, quiet);
  try {
    return await fill(database.db, dataDir, listings);
  } finally {
    await database.close();
  }
}

/** Changes when the generator, the vocabulary or the schema does: a cached copy is then remade. */
function fingerprint(listings: number): string {
  const hash = createHash('sha256').update(String(listings));
  for (const dir of DATA_SOURCES) {
    for (const file of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (file.isFile()) hash.update(file.name).update(fs.readFileSync(path.join(file.parentPath, file.name)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * PGlite data takes about a minute to make; a copy is kept in the results folder and reused while
 * the generator and schema are unchanged and its sessions are young. Each run works on a copy of it.
 */
export async function preparePglite(listings: number, resultsDir: string, log: (line: string) => void): Promise<Dataset> {
  const cacheDir = path.join(resultsDir, 'cache', `pglite-${listings}-${fingerprint(listings)}`);
  const infoFile = path.join(cacheDir, 'dataset.json');
  let info = fs.existsSync(infoFile) ? (JSON.parse(fs.readFileSync(infoFile, 'utf8')) as DatasetInfo) : undefined;
  const fromCache = info !== undefined && Date.now() - Date.parse(info.createdAt) < CACHE_MAX_AGE_MS;
  if (!fromCache) {
    fs.rmSync(path.join(resultsDir, 'cache'), { recursive: true, force: true });
    const dataDir = path.join(cacheDir, 'data');
    log(`generating ${listings.toLocaleString('en')} listings on PGlite (cached afterwards in ${path.relative(process.cwd(), cacheDir)})`);
    info = await generateInto({ engine: 'pglite', dataDir }, dataDir, listings);
    fs.writeFileSync(infoFile, JSON.stringify(info));
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-bench-pglite-'));
  fs.cpSync(path.join(cacheDir, 'data'), dataDir, { recursive: true });
  return {
    ...info!,
    engine: 'PGlite',
    dataDir,
    fromCache,
    dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A database of the bench's own on the given server (named after `base`), made afresh every run and dropped afterwards. */
export async function preparePostgres(adminUrl: string, listings: number, log: (line: string) => void, base = 'swapyard_bench'): Promise<Dataset> {
  const database = await freshBenchDatabase(adminUrl, base);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-bench-postgres-'));
  log(`generating ${listings.toLocaleString('en')} listings on PostgreSQL (database ${database.name})`);
  const info = await generateInto({ engine: 'postgres', url: database.url }, dataDir, listings);
  return {
    ...info,
    engine: 'PostgreSQL',
    dataDir,
    databaseUrl: database.url,
    fromCache: false,
    dispose: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}
