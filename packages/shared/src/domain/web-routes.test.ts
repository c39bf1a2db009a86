import { describe, expect, it } from 'vitest';
import { matchWebPath, matchWebRoute, prerenderedKey, WEB_ROUTES, webPathIds } from './web-routes';

describe('the web app’s route table', () => {
  it('matches patterns as React Router does: params, a final *, no regard to case or a final slash', () => {
    expect(matchWebPath('/entite/:id/liste/activite/:ida', '/entite/12/liste/activite/3')).toEqual({
      id: '12',
      ida: '3',
    });
    expect(matchWebPath('/bassins', '/Bassins/')).toEqual({});
    expect(matchWebPath('/bassins', '/bassins/x')).toBeNull();
    expect(matchWebPath('/lieu/:id/:activite/*', '/lieu/4/a-2')).toEqual({
      id: '4',
      activite: 'a-2',
      '*': '',
    });
    expect(matchWebPath('/lieu/:id/:activite/*', '/lieu/4')).toBeNull();
    expect(matchWebPath('/user/login/:page', '/user/login/%E0')).toBeNull();
  });

  it('names each route once', () => {
    expect(new Set(WEB_ROUTES.map((r) => r.key)).size).toBe(WEB_ROUTES.length);
    expect(new Set(WEB_ROUTES.map((r) => r.path)).size).toBe(WEB_ROUTES.length);
  });

  it('gives the ids a path names, or null for no page', () => {
    expect(webPathIds('/')).toEqual([]);
    expect(webPathIds('/nulle/part')).toBeNull();
    expect(webPathIds('/lieu/7/a-2/photos')).toEqual([
      { kind: 'lieu', id: 7 },
      { kind: 'activite', id: 2 },
    ]);
    expect(webPathIds('/lieu/7/a-2/inconnu')).toBeNull();
    expect(webPathIds('/lieu/7/kayak')).toBeNull();
    expect(webPathIds('/entite-troncon/5/carte/activite/1')).toEqual([
      { kind: 'troncon', id: 5 },
      { kind: 'activite', id: 1 },
    ]);
    expect(webPathIds('/entite/0/liste/activite/1')).toBeNull();
    expect(webPathIds('/activite/abc')).toBeNull();
  });

  it('serves prerendered pages only on paths of a route', () => {
    for (const path of ['/', '/bassins', '/user/login', '/lieu/3/a-1', '/lieu/3/a-1/carte']) {
      expect(prerenderedKey(path)).not.toBeNull();
      expect(matchWebRoute(path)).not.toBeNull();
    }
  });
});

describe('the documents’ addresses of the web app', () => {
  it('name only screens that exist: every `/path` quoted in the README and docs/ is a route', async () => {
    const { readFileSync } = await import('node:fs');
    const root = new URL('../../../../', import.meta.url);
    // The documents a person follows to use and run the app (requirements.md also quotes API path suffixes).
    const files = ['README.md', 'docs/OPERATIONS.md', 'docs/ARCHITECTURE.md'];
    const unknown: string[] = [];
    for (const file of files) {
      const text = readFileSync(new URL(file, root), 'utf8');
      for (const [, path] of text.matchAll(/`(\/[a-z][a-z0-9/_{}:.-]*)`/g)) {
        if (!path || /^\/(api|embed|uploads)\b/.test(path)) continue;
        const concrete = path.replace(/\{[^}]+\}|:[a-z]+/g, '1');
        if (!matchWebRoute(concrete)) unknown.push(`${file}: ${path}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});
