import type { FastifyInstance } from 'fastify';

/**
 * The methods the API serves on a concrete path ("/api/course/7/b" -> POST), from the route
 * table, so that another method on a known path answers 405 with `Allow` instead of 404.
 */
export function allowedMethods(app: FastifyInstance): (pathname: string) => string[] {
  let table: { pattern: RegExp; methods: Set<string> }[] | undefined;
  const build = () => {
    const byUrl = new Map<string, Set<string>>();
    for (const route of app.apiRoutes) {
      const methods = byUrl.get(route.url) ?? new Set<string>();
      methods.add(route.method);
      if (route.method === 'GET') methods.add('HEAD');
      byUrl.set(route.url, methods);
    }
    return [...byUrl].map(([url, methods]) => {
      const source = url
        .split('/')
        .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      return { pattern: new RegExp(`^${source}/?$`), methods };
    });
  };
  return (pathname) => {
    table ??= build();
    const allowed = new Set<string>();
    for (const { pattern, methods } of table) if (pattern.test(pathname)) for (const m of methods) allowed.add(m);
    return [...allowed].sort();
  };
}
