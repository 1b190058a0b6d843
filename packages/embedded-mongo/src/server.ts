import net from 'node:net';
import type { Document } from 'bson';
import { OP_QUERY_COMMANDS } from './commands/index.js';
import type { ConnectionInfo } from './commands/context.js';
import type { Engine } from './engine.js';
import { MongoError } from './errors.js';
import { MessageFramer, OP_MSG, OP_QUERY, type RawMessage } from './wire/framing.js';
import { decodeOpMsg, encodeOpMsg } from './wire/op-msg.js';
import { decodeOpQuery, encodeOpReply } from './wire/op-query.js';

const UnsupportedOpQueryCommand = 352;

/** TCP front end: one framer per socket; anything it can't trust closes that socket only. */
export class WireServer {
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private nextConnectionId = 1;
  private nextRequestId = 1;

  constructor(private readonly engine: Engine) {
    this.server = net.createServer((socket) => this.accept(socket));
  }

  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve((this.server.address() as net.AddressInfo).port);
      });
    });
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    await closed;
  }

  private accept(socket: net.Socket): void {
    socket.setNoDelay(true);
    this.sockets.add(socket);
    this.engine.connectionOpened();
    const connection: ConnectionInfo = { id: this.nextConnectionId++, remote: `${socket.remoteAddress}:${socket.remotePort}` };
    const framer = new MessageFramer();
    socket.on('data', (chunk) => {
      let messages: RawMessage[];
      try {
        messages = framer.push(chunk);
      } catch {
        socket.destroy();
        return;
      }
      for (const message of messages) this.handle(socket, connection, message);
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      this.sockets.delete(socket);
      this.engine.connectionClosed();
    });
  }

  private handle(socket: net.Socket, connection: ConnectionInfo, message: RawMessage): void {
    const { header, body } = message;
    try {
      if (header.opCode === OP_MSG) {
        const request = decodeOpMsg(body);
        // moreToCome on a request means the client wants no reply (unacknowledged write).
        const respond = (reply: Document) => {
          if (!request.moreToCome) this.send(socket, encodeOpMsg(this.nextRequestId++, header.requestId, reply));
        };
        const reply = this.engine.run(request.command, connection);
        if (reply instanceof Promise) void reply.then(respond);
        else respond(reply);
      } else if (header.opCode === OP_QUERY) {
        const request = decodeOpQuery(body);
        const name = Object.keys(request.command)[0];
        if (!request.fullCollectionName.endsWith('.$cmd') || !OP_QUERY_COMMANDS.has(name)) {
          const err: Document = {
            ok: 0,
            errmsg: `Unsupported OP_QUERY command: ${name}. The client driver may require an upgrade.`,
            code: UnsupportedOpQueryCommand,
            codeName: 'UnsupportedOpQueryCommand',
          };
          this.send(socket, encodeOpReply(this.nextRequestId++, header.requestId, err));
          return;
        }
        const command = { ...request.command, $db: request.dbName };
        void Promise.resolve(this.engine.run(command, connection)).then((reply) => this.send(socket, encodeOpReply(this.nextRequestId++, header.requestId, reply)));
      } else {
        // OP_COMPRESSED is never negotiated; legacy opcodes were removed from MongoDB.
        socket.destroy();
      }
    } catch (err) {
      // Malformed sections or invalid BSON: the stream may be out of sync, so drop the connection.
      if (!(err instanceof MongoError)) socket.destroy();
    }
  }

  private send(socket: net.Socket, bytes: Buffer): void {
    if (!socket.destroyed) socket.write(bytes);
  }
}
