import { adminCommands } from './admin.js';
import { aggregateCommands } from './aggregate.js';
import type { CommandHandler } from './context.js';
import { findCommands } from './crud-find.js';
import { writeCommands } from './crud-write.js';
import { findAndModifyCommands } from './find-and-modify.js';
import { handshakeCommands } from './handshake.js';
import { indexCommands } from './indexes.js';

export const COMMANDS: ReadonlyMap<string, CommandHandler> = new Map(
  Object.entries({
    ...handshakeCommands,
    ...findCommands,
    ...writeCommands,
    ...findAndModifyCommands,
    ...aggregateCommands,
    ...indexCommands,
    ...adminCommands,
  }),
);

/** Commands a legacy OP_QUERY may carry (MongoDB 5.1+ accepts only the handshake this way). */
export const OP_QUERY_COMMANDS = new Set(['hello', 'isMaster', 'ismaster']);
