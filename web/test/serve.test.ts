/**
 * The page's static server (`web/serve.ts`) over plain HTTP, against a folder made for the test with a
 * sibling folder beside it: the page and its files are served with GET and HEAD; other methods are 405; a
 * malformed escape is 400 and the server goes on answering; no path (escaped slashes, dot segments, a
 * backslash, a link) reaches a file outside the folder.
 */

import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type WebServer } from '../serve.js';
import { tempDir } from './support.js';

/** One request with the path sent exactly as written (no client normalises it). */
function send(url: string, method: string, path: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, method, path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const SECRET = 'export const secret = "from the sibling folder";';

describe('the page’s static server', () => {
  let tmp: { dir: string; remove: () => void };
  let web: WebServer;
  let withServer: WebServer;
  beforeAll(async () => {
    tmp = tempDir();
    // dist/ is served; dist-old/ beside it has a name that starts with the served folder's.
    const dist = join(tmp.dir, 'dist');
    mkdirSync(dist);
    mkdirSync(join(tmp.dir, 'dist-old'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>t</title></head><body></body></html>');
    writeFileSync(join(dist, 'app.js'), 'console.log(1);');
    writeFileSync(join(tmp.dir, 'dist-old', 'config.js'), SECRET);
    symlinkSync(join(tmp.dir, 'dist-old', 'config.js'), join(dist, 'linked.js'));
    web = await serve({ port: 0, dir: dist });
    withServer = await serve({ port: 0, dir: dist, server: 'http://127.0.0.1:8080' });
  });
  afterAll(async () => {
    await web?.close();
    await withServer?.close();
    tmp?.remove();
  });

  it('serves the page with GET and HEAD, with its type and security headers', async () => {
    const get = await send(web.url, 'GET', '/');
    expect(get.status).toBe(200);
    expect(get.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(get.headers['content-security-policy']).toContain("default-src 'self'");
    expect(get.headers['referrer-policy']).toBe('no-referrer');
    expect(get.body).toContain('<title>t</title>');
    const head = await send(web.url, 'HEAD', '/index.html');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.body)));
    expect(head.body).toBe('');
    const js = await send(web.url, 'GET', '/app.js');
    expect([js.status, js.headers['content-type'], js.body]).toEqual([200, 'text/javascript; charset=utf-8', 'console.log(1);']);
  });

  it('names the game server in the page when it is given one', async () => {
    const page = await send(withServer.url, 'GET', '/');
    expect(page.body).toContain('<meta name="whist-server" content="http://127.0.0.1:8080" />');
  });

  it('answers other methods with 405 and the methods it allows', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
      const r = await send(web.url, method, '/');
      expect([method, r.status, r.headers.allow]).toEqual([method, 405, 'GET, HEAD']);
    }
  });

  it('answers a malformed escape with 400 and goes on serving', async () => {
    for (const path of ['/%ff', '/%E0%A4%A', '/app%.js', '//[']) {
      const r = await send(web.url, 'GET', path);
      expect([path, r.status]).toEqual([path, 400]);
    }
    expect((await send(web.url, 'GET', '/')).status).toBe(200);
  });

  it('serves nothing outside its folder', async () => {
    for (const path of [
      '/..%2fdist-old%2fconfig.js',
      '/%2e%2e%2fdist-old%2fconfig.js',
      '/..%5cdist-old%5cconfig.js',
      '/../dist-old/config.js',
      '/%2e%2e/dist-old/config.js',
      '/linked.js',
    ]) {
      const r = await send(web.url, 'GET', path);
      expect([path, r.status === 400 || r.status === 404, r.body.includes(SECRET)]).toEqual([path, true, false]);
    }
    // Missing files, folders without an index, and types it does not serve are missing too.
    for (const path of ['/nothing.js', '/dist', '/index.txt']) expect((await send(web.url, 'GET', path)).status).toBe(404);
    expect((await send(web.url, 'GET', '/')).status).toBe(200);
  });
});
