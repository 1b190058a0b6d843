// Just enough of a browser for sign-in redirect dances over real HTTP: it follows redirects one
// hop at a time and keeps cookies the way browsers do (Path, Max-Age, Secure only over https, and
// SameSite: Lax cookies ride along on a cross-site top-level GET but not on a cross-site POST).
//
// `proxies` maps a public origin to where the test server really listens, as the TLS proxy in
// front of the app does in production; so the app can be tested under an https PUBLIC_URL.
// Origins neither proxied nor listed as reachable (the client app) end a follow().

interface StoredCookie {
  name: string;
  value: string;
  host: string;
  path: string;
  secure: boolean;
  sameSite: 'strict' | 'lax' | 'none';
  expiresAt?: number;
}

export interface Hop {
  url: URL;
  status: number;
  location?: URL;
  setCookies: string[];
  body: string;
}

export class TestBrowser {
  private cookies: StoredCookie[] = [];

  constructor(private readonly opts: { proxies: Record<string, string>; reachable: string[] }) {}

  /**
   * One request, as a top-level navigation (a link, a redirect or a form post); `from` is the page
   * (or the redirect chain's pages) it comes from, which decides whether it is cross-site.
   */
  async navigate(
    target: string | URL,
    opts: { from?: string | URL | (string | URL)[]; method?: 'GET' | 'POST'; form?: Record<string, string>; accept?: string } = {},
  ): Promise<Hop> {
    const url = new URL(target);
    const method = opts.method ?? 'GET';
    const sources = opts.from === undefined ? [] : Array.isArray(opts.from) ? opts.from : [opts.from];
    const crossSite = sources.some((source) => new URL(source).hostname !== url.hostname);
    const headers: Record<string, string> = { accept: opts.accept ?? 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const cookie = this.cookiesFor(url, { crossSite, method });
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    }
    const res = await fetch(this.actualUrl(url), { method, headers, body, redirect: 'manual' });
    const setCookies = res.headers.getSetCookie();
    for (const line of setCookies) this.store(url, line);
    const location = res.headers.get('location');
    return { url, status: res.status, location: location ? new URL(location, url) : undefined, setCookies, body: await res.text() };
  }

  /**
   * Follows redirects from `start` until one leads somewhere this browser does not load (the
   * client app) or `stopAt` says so; answers where it was sent and the hops on the way.
   */
  async follow(
    start: string | URL,
    opts: { stopAt?: (url: URL) => boolean; from?: string | URL } = {},
  ): Promise<{ url: URL; hops: Hop[] }> {
    const hops: Hop[] = [];
    let url = new URL(start);
    // Every page of the chain counts: one that passed through another site is cross-site.
    const chain: (string | URL)[] = opts.from === undefined ? [] : [opts.from];
    for (let i = 0; i < 10; i += 1) {
      if (!this.loads(url) || opts.stopAt?.(url)) return { url, hops };
      const hop = await this.navigate(url, { from: chain });
      hops.push(hop);
      if (!hop.location || hop.status < 300 || hop.status >= 400) return { url, hops };
      chain.push(url);
      url = hop.location;
    }
    throw new Error(`too many redirects from ${start}`);
  }

  cookie(name: string): StoredCookie | undefined {
    return this.live().find((c) => c.name === name);
  }

  private loads(url: URL): boolean {
    return url.origin in this.opts.proxies || this.opts.reachable.includes(url.origin);
  }

  private actualUrl(url: URL): string {
    const proxied = this.opts.proxies[url.origin];
    return proxied ? `${proxied}${url.pathname}${url.search}` : url.href;
  }

  private live(): StoredCookie[] {
    const now = Date.now();
    this.cookies = this.cookies.filter((c) => c.expiresAt === undefined || c.expiresAt > now);
    return this.cookies;
  }

  private cookiesFor(url: URL, ctx: { crossSite: boolean; method: string }): string {
    return this.live()
      .filter(
        (c) =>
          c.host === url.hostname && (url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`)),
      )
      .filter((c) => !c.secure || url.protocol === 'https:')
      .filter((c) => !ctx.crossSite || c.sameSite === 'none' || (c.sameSite === 'lax' && ctx.method === 'GET'))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  private store(url: URL, line: string): void {
    const [pair, ...attributes] = line.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    const cookie: StoredCookie = {
      name: pair.slice(0, eq),
      value: pair.slice(eq + 1),
      host: url.hostname,
      path: url.pathname.replace(/\/[^/]*$/, '') || '/',
      secure: false,
      sameSite: 'lax', // what browsers assume when the server does not say
    };
    for (const attribute of attributes) {
      const [key, value = ''] = attribute.split('=');
      switch (key.toLowerCase()) {
        case 'path':
          cookie.path = value || '/';
          break;
        case 'secure':
          cookie.secure = true;
          break;
        case 'samesite':
          cookie.sameSite = value.toLowerCase() as StoredCookie['sameSite'];
          break;
        case 'max-age':
          cookie.expiresAt = Date.now() + Number(value) * 1000;
          break;
        case 'expires':
          cookie.expiresAt ??= Date.parse(value);
          break;
      }
    }
    // Browsers drop Secure cookies from plain http, and SameSite=None ones that are not Secure.
    if ((cookie.secure && url.protocol !== 'https:') || (cookie.sameSite === 'none' && !cookie.secure)) return;
    this.cookies = this.cookies.filter((c) => !(c.name === cookie.name && c.host === cookie.host && c.path === cookie.path));
    this.cookies.push(cookie);
  }
}
