import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The hashes of the inline scripts of the built index.html, for script-src. They are computed from the
 * file being served, so whatever inline script the build writes is allowed and nothing else is.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]) || m[2].length === 0) continue;
    hashes.add(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The origin map tiles are loaded from: `{s}` subdomains become a wildcard. */
export function tileSource(template: string): string | undefined {
  const m = /^(https?:\/\/[^/?#]+)/i.exec(template.replace(/\{s\}/g, '*'));
  return m?.[1].toLowerCase();
}

/**
 * Security headers on every answer (API, web app, docs): a strict Content-Security-Policy — scripts only
 * from this server or the hashed inline ones of index.html, tiles from the configured host, no framing —
 * and the usual companions helmet sets. The headers are worked out once, at start-up, by helmet; each
 * answer only has them set.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { indexHtml?: string; mapTileUrl: string },
) {
  const html = opts.indexHtml && existsSync(opts.indexHtml) ? readFileSync(opts.indexHtml, 'utf8') : '';
  const tiles = tileSource(opts.mapTileUrl);
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(html)],
        // antd-mobile and the landing's shell set style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Puzzle images and logos arrive as data: URLs.
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The service worker and the web manifest are this server's files (sw.js, manifest.webmanifest).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Tiles come from another origin without CORP headers; requiring them would blank the map.
    crossOriginEmbedderPolicy: false,
  });
  // helmet's answer does not depend on the request: its headers are taken once and set as one object.
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  };
  apply({} as never, collect as never, () => {});
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
