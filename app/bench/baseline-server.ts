// The bare baselines the HTTP bench compares the app with, on the same machine and the same load generator:
//   read:   Koa + @koa/router + JWT verify + one better-sqlite3 lookup by user id
//   append: Koa + @koa/router + JWT verify + one durable append through the project's SQLite event log
// Run as a child process: `tsx baseline-server.ts <dataDir> <port>`; JWT_SECRET signs the learners' tokens.
import { createSecretKey } from 'node:crypto';
import { join } from 'node:path';
import Router from '@koa/router';
import { event } from '@tickwise/contracts';
import { createTokenService, SqliteEventLog } from '@tickwise/platform';
import Database from 'better-sqlite3';
import Koa from 'koa';

const [dataDir = '.', port = '0'] = process.argv.slice(2);
const tokens = createTokenService({
  secret: createSecretKey(Buffer.from(process.env.JWT_SECRET ?? '', 'utf8')),
});
const users = new Database(join(dataDir, 'baseline-users.db'));
users.pragma('journal_mode = WAL');
users.exec('CREATE TABLE IF NOT EXISTS users (id TEXT PRIMARY KEY, doc TEXT NOT NULL)');
const byId = users.prepare<[string], { doc: string }>('SELECT doc FROM users WHERE id = ?');
const insert = users.prepare('INSERT OR REPLACE INTO users (id, doc) VALUES (?, ?)');
for (const id of JSON.parse(process.env.BASELINE_USERS ?? '[]') as string[])
  insert.run(id, JSON.stringify({ id, firstName: 'Learner', role: 'learner', isCompliant: true }));
const log = new SqliteEventLog({ file: join(dataDir, 'baseline-events.db') });

const router = new Router();
const userOf = (ctx: Koa.Context) => tokens.verify(ctx.get('authorization').replace(/^Bearer /, ''))?.userId;
router.get('/read', (ctx) => {
  const userId = userOf(ctx);
  const row = userId === undefined ? undefined : byId.get(userId);
  if (row === undefined) {
    ctx.status = userId === undefined ? 401 : 404;
    return;
  }
  ctx.type = 'json';
  ctx.body = row.doc;
});
let n = 0;
router.post('/append', async (ctx) => {
  const userId = userOf(ctx);
  if (userId === undefined) {
    ctx.status = 401;
    return;
  }
  const at = new Date().toISOString();
  const appended = await log.appendToStream(
    `baseline-${userId}`,
    [
      {
        ...event('LessonCompleted', { moduleId: 1, lessonId: (n++ % 48) + 1, completedAt: at }),
        metadata: {
          correlationId: 'bench',
          causationId: 'bench',
          actor: userId,
          occurredAt: at,
          schemaVersion: 1,
        },
      },
    ],
    { expectedRevision: 'any' },
  );
  ctx.status = 201;
  ctx.body = { position: String(appended.position) };
});
const app = new Koa();
app.use(router.routes());
const server = app.listen(Number(port), '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('SIGTERM', () => {
  server.close();
  void log.close().then(() => process.exit(0));
});
