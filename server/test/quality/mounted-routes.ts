import type { Express } from 'express';

// What the Express app really answers under /api, read off its router stack, so the route table
// (route-table.ts) cannot fall behind: a router added in app.ts or modules/routers.ts shows up here
// whether or not anyone remembered the security suite. Relies on router 2.x layers (Express 5):
// `rawPath` is the path given to use()/route(), `route.methods` the verbs. The app is built with
// createApp from a running server's deps (socket.io wraps the server's own request listener, so
// that one cannot be reached).

export interface MountedRoute {
  method: string;
  /** The Express path as written, with the mount prefixes joined: '/api/my/brands/:brandId'. */
  path: string;
}

interface Layer {
  rawPath?: unknown;
  name?: string;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

const join = (prefix: string, part: unknown) => {
  const text = part instanceof RegExp ? String(part) : Array.isArray(part) ? part.map(String).join('|') : String(part ?? '');
  if (text === '/' || text === '') return prefix || '/';
  return `${prefix.replace(/\/$/, '')}${text.startsWith('/') ? '' : '/'}${text}`;
};

export function mountedApiRoutes(app: Express): MountedRoute[] {
  const found: MountedRoute[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const path = join(prefix, layer.route.path);
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all') found.push({ method: method.toUpperCase(), path });
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, join(prefix, layer.rawPath));
      } else if (layer.name === 'serveStatic') {
        // A folder served as files is a route family: GET of anything under it.
        found.push({ method: 'GET', path: `${join(prefix, layer.rawPath).replace(/\/$/, '')}/*` });
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  const api = found.filter((r) => r.path === '/api' || r.path.startsWith('/api/'));
  const seen = new Set<string>();
  return api.filter((r) => {
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
