// The writer thread of a SQLite event log opened with `writerThread` (see ThreadAppender in sqlite-writer.ts):
// it owns a connection of its own to the log's file and commits each batch it is sent with the same
// SqliteAppender as an inline log, answering the outcomes (or why the whole batch failed).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { setUpConnection } from '../storage/sqlite-busy';
import { type AppendRequest, failureOf, SqliteAppender } from './sqlite-appender';
import type { WriterReply, WriterThreadData } from './sqlite-writer';

const port = parentPort;
if (port === null) throw new Error('sqlite-writer-thread.ts runs as a worker thread (ThreadAppender)');
const { file, busyTimeoutMs } = workerData as WriterThreadData;
const db = new Database(file);
setUpConnection(db, busyTimeoutMs, (connection) => {
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = FULL');
});
const appender = new SqliteAppender(db);

port.on('message', (message: { id: number; batch: AppendRequest[] } | 'close') => {
  if (message === 'close') {
    db.close();
    port.close();
    return;
  }
  const { id, batch } = message;
  let reply: WriterReply;
  try {
    reply = { id, outcomes: appender.commit(batch) };
  } catch (error) {
    reply = { id, failure: failureOf(error) };
  }
  port.postMessage(reply);
});
