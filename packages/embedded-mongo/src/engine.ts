import type { Document } from 'bson';
import { COMMANDS } from './commands/index.js';
import type { CommandContext, ConnectionInfo } from './commands/context.js';
import { CursorManager } from './cursors.js';
import { MongoError, toMongoError } from './errors.js';
import { Catalog, validateNamespace } from './storage/catalog.js';
import type { JournalOp, Persistence } from './storage/persistence.js';

/**
 * Runs each command synchronously, start to finish, as it arrives: nothing else runs in between,
 * which is what makes every single-document write (and findAndModify) atomic, and hands its
 * operations to the journal in that same step, so the journal's order is the execution order.
 * Durability is awaited afterwards, so a slow fsync doesn't hold up other commands and concurrent
 * writes share one fsync (group commit). A write's reply is sent only once its record is durable.
 */
export class Engine {
  readonly catalog = new Catalog();
  readonly cursors = new CursorManager();
  readonly startedAt = Date.now();
  private connections = 0;
  private listeningPort = 0;
  private readonly info: CommandContext['engine'] = {
    connectionCount: () => this.connections,
    startedAt: this.startedAt,
    port: () => this.listeningPort,
    storage: () => this.persistence.stats(),
  };

  constructor(private readonly persistence: Persistence) {}

  async open(): Promise<void> {
    await this.persistence.open(this.catalog);
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

  /**
   * Executes one command. Returns the reply, or for a command that wrote, a promise of the reply
   * that resolves once the write is durable. Never throws: errors become `{ok: 0, ...}` replies.
   */
  run(command: Document, connection: ConnectionInfo): Document | Promise<Document> {
    const { reply, ops } = this.execute(command, connection);
    const durable = ops.length ? this.persistence.commit(ops) : undefined;
    if (!durable) return reply;
    return durable.then(
      () => reply,
      (err) => new MongoError('InternalError', `failed to persist write: ${(err as Error).message}`).toReply(),
    );
  }

  private execute(command: Document, connection: ConnectionInfo): { reply: Document; ops: JournalOp[] } {
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
      engine: this.info,
    };
    return handler(command, ctx);
  }

  async close(): Promise<void> {
    this.cursors.close();
    await this.persistence.close();
  }
}
