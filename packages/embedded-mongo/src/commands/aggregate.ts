import type { Document } from 'bson';
import { MongoError } from '../errors.js';
import { runPipeline } from '../mingo-setup.js';
import { isPlainObject } from '../storage/values.js';
import { checkCollation, checkFields, namespace, nonNegative, type CommandContext, type CommandHandler } from './context.js';

function aggregate(cmd: Document, ctx: CommandContext): Document {
  checkFields(cmd, ['pipeline', 'cursor', 'explain', 'allowDiskUse', 'hint', 'collation', 'let']);
  if (cmd.explain) throw new MongoError('BadValue', "embedded-mongo does not support the option 'explain' of the 'aggregate' command");
  if (cmd.let !== undefined) throw new MongoError('BadValue', "embedded-mongo does not support the option 'let' of the 'aggregate' command");
  checkCollation(cmd.collation);
  if (!Array.isArray(cmd.pipeline)) throw new MongoError('TypeMismatch', "BSON field 'aggregate.pipeline' is missing or not an array");
  if (!isPlainObject(cmd.cursor)) throw new MongoError('FailedToParse', "The 'cursor' option is required, except for aggregate with the explain argument");
  const pipeline = cmd.pipeline as Document[];

  let source: Document[];
  let collName: string;
  if (cmd.aggregate === 1) {
    // Collection-less aggregate: only $documents makes sense without server internals.
    if (!pipeline.length || !isPlainObject(pipeline[0]) || !('$documents' in pipeline[0])) {
      throw new MongoError('BadValue', 'embedded-mongo supports {aggregate: 1} only with a leading $documents stage');
    }
    source = [];
    collName = '$cmd.aggregate';
  } else if (typeof cmd.aggregate === 'string' && cmd.aggregate) {
    collName = cmd.aggregate;
    const store = ctx.catalog.getCollection(ctx.db, collName);
    // A leading $match goes through the collection store so it can use an index.
    const first = pipeline[0];
    if (store && isPlainObject(first) && isPlainObject(first.$match) && Object.keys(first).length === 1) {
      source = store.find(first.$match);
      source = runPipeline(source, pipeline.slice(1), (name) => ctx.catalog.getCollection(ctx.db, name)?.all() ?? []);
      return ctx.cursors.first(namespace(ctx, collName), source, batchSize(cmd)) as unknown as Document;
    }
    source = store ? store.all() : [];
  } else {
    throw new MongoError('TypeMismatch', "Invalid 'aggregate' argument: must be a collection name or 1");
  }
  const out = runPipeline(source, pipeline, (name) => ctx.catalog.getCollection(ctx.db, name)?.all() ?? []);
  return ctx.cursors.first(namespace(ctx, collName), out, batchSize(cmd)) as unknown as Document;
}

function batchSize(cmd: Document): number | undefined {
  return nonNegative(cmd.cursor as Document, 'batchSize');
}

export const aggregateCommands: Record<string, CommandHandler> = { aggregate };
