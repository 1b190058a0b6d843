import type { Document } from 'bson';
import { COMMANDS } from './commands/index.js';
import type { CommandContext, ConnectionInfo } from './commands/context.js';
import { CursorManager } from './cursors.js';
import { MongoError, toMongoError } from './errors.js';
import { Catalog, validateNamespace } from './storage/catalog.js';
import type { Persistence } from './storage/persistence.js';

/**
 * Runs commands one at a time on a single logical queue, which is what makes
 * every single-document write (and findAndModify) atomic. Durability is awaited
 * after the command leaves the queue, so a slow fsync doesn't block other
 * commands and concurrent commits can share one fsync.
 */
export class Engine {
  readonly catalog = new Catalog();
  readonly cursors = new CursorManager();
  readonly startedAt = Date.now();
  private queue: Promise<unknown> = Promise.resolve();
  private connections = 0;
  private listeningPort = 0;

  constructor(private readonly persistence: Persistence) {}

  async open(): Promise<void> {
    await this.persistence.load((op) => this.catalog.replay(op));
  }

  setPort(port: number): void {
    this.listeningPort = port;
  }

  connectionOpened(): void {
    this.connections++;
  }

  connectionClosed(): void {
    this.connections--;
  }

  /** Executes one command; always resolves to a reply document (errors become `{ok: 0, ...}`). */
  run(command: Document, connection: ConnectionInfo): Promise<Document> {
    const result = this.queue.then(() => this.execute(command, connection));
    this.queue = result.then(
      () => undefined,
      () => undefined,
    );
    return result.then(async ({ reply, ops }) => {
      if (ops.length) {
        try {
          await this.persistence.commit(ops);
        } catch (err) {
          return new MongoError('InternalError', `failed to persist write: ${(err as Error).message}`).toReply();
        }
      }
      return reply;
    });
  }

  private execute(command: Document, connection: ConnectionInfo): { reply: Document; ops: ReturnType<Catalog['takePending']> } {
    let reply: Document;
    try {
      reply = this.dispatch(command, connection);
    } catch (err) {
      const mongoErr = toMongoError(err);
      if (!(err instanceof MongoError) && !(err instanceof Error && err.constructor.name === 'MingoError')) {
        // Unexpected failures are our bugs; keep them visible without taking the server down.
        console.error('[embedded-mongo] internal error', err);
      }
      reply = mongoErr.toReply();
    }
    return { reply, ops: this.catalog.takePending() };
  }

  private dispatch(command: Document, connection: ConnectionInfo): Document {
    const name = Object.keys(command)[0];
    if (!name) throw new MongoError('FailedToParse', 'Command document is empty');
    const db = command.$db;
    if (typeof db !== 'string') throw new MongoError('BadValue', 'Missing or invalid $db field');
    validateNamespace(db);
    if (command.startTransaction === true || command.autocommit === false) {
      throw new MongoError('IllegalOperation', 'Transaction numbers are only allowed on a replica set member or mongos');
    }
    const handler = COMMANDS.get(name);
    if (!handler) throw new MongoError('CommandNotFound', `no such command: '${name}'`);
    const ctx: CommandContext = {
      db,
      catalog: this.catalog,
      cursors: this.cursors,
      connection,
      engine: { connectionCount: () => this.connections, startedAt: this.startedAt, port: () => this.listeningPort },
    };
    return handler(command, ctx);
  }

  async close(): Promise<void> {
    await this.queue;
    this.cursors.close();
    await this.persistence.close();
  }
}
