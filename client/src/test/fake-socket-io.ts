import type { Notice, ServerToClientEvents } from '@tapquest/shared';

// socket.io-client stand-in for widget tests: `vi.mock('socket.io-client', () => import('../../test/fake-socket-io'))`
// and the test plays the server through `fakeSocketServer`: connect, drop, push events, answer 'notice:sync'.

type Listener = (...args: never[]) => void;

export class FakeSocket {
  readonly listeners = new Map<string, Set<Listener>>();
  readonly emitted: { event: string; args: unknown[] }[] = [];
  connected = false;
  closed = false;

  constructor(
    readonly url: string,
    readonly options: { path?: string; auth?: { token?: string } },
  ) {}

  on(event: string, listener: Listener): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  timeout(): this {
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    this.emitted.push({ event, args });
    const ack = args[args.length - 1];
    if (event === 'notice:sync' && typeof ack === 'function') {
      const { after } = args[0] as { after: string | null };
      ack(null, fakeSocketServer.sync(after));
    }
    return this;
  }

  disconnect(): this {
    this.closed = true;
    this.connected = false;
    return this;
  }

  /** Calls the client's listeners as if the server had sent `event`. */
  fire(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }
}

export const fakeSocketServer = {
  sockets: [] as FakeSocket[],
  /** What 'notice:sync' answers; the default is nothing missed. */
  sync: (_after: string | null): Notice[] => [],
  /** The newest socket the app opened that it has not closed. */
  get current(): FakeSocket | undefined {
    return this.sockets.filter((s) => !s.closed).at(-1);
  },
  connect(): void {
    const socket = this.current;
    if (!socket) throw new Error('the app has not opened a socket');
    socket.connected = true;
    socket.fire('connect');
  },
  drop(): void {
    const socket = this.current;
    if (!socket) throw new Error('the app has not opened a socket');
    socket.connected = false;
    socket.fire('disconnect', 'transport close');
  },
  push<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    this.current?.fire(event, ...args);
  },
  reset(): void {
    this.sockets = [];
    this.sync = () => [];
  },
};

export function io(url: string, options: FakeSocket['options'] = {}): FakeSocket {
  const socket = new FakeSocket(url, options);
  fakeSocketServer.sockets.push(socket);
  return socket;
}
