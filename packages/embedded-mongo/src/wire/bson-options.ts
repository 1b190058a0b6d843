import type { DeserializeOptions } from 'bson';

// Same promotion rules the Node driver applies by default, so what we store and
// compare is what the application would see from a real server.
export const DESERIALIZE_OPTIONS: DeserializeOptions = {
  promoteValues: true,
  promoteLongs: true,
  promoteBuffers: false,
  bsonRegExp: false,
  useBigInt64: false,
  validation: { utf8: true },
};
