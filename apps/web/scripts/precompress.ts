/**
 * Run last in `npm run build -w apps/web`: writes a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside
 * every text file of `dist/` the server sends as it is (scripts, stylesheets, SVG, JSON, the manifest, the service
 * worker). The server sends the copy the browser accepts (`@fastify/static` `preCompressed`, apps/api/src/http/web.ts)
 * instead of compressing each request again: no compression work while a phone loads the page (on a 2-core server
 * the per-request Brotli of a page load and its service-worker precache took about a second of CPU), and smaller
 * files than on-the-fly quality 4 (docs/decisions/131).
 * `index.html` is left out: the server adds the page's data to it per request and compresses that answer itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
/** Files the server sends unchanged, by extension. */
const TEXT = /\.(?:m?js|css|svg|json|webmanifest|txt|xml)$/;
/** Below this, compression gains less than a packet and the server sends the file as it is. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : [p];
  });
}

/** Writes `file + ext` when the copy is smaller than the file; removes a stale copy otherwise. */
function writeIfSmaller(file: string, ext: string, original: Buffer, copy: Buffer): number {
  const out = file + ext;
  if (copy.length < original.length) {
    fs.writeFileSync(out, copy);
    return copy.length;
  }
  fs.rmSync(out, { force: true });
  return original.length;
}

const files = filesUnder(dist).filter(
  (f) => TEXT.test(f) && path.relative(dist, f) !== 'index.html' && fs.statSync(f).size >= MIN_BYTES,
);
let raw = 0;
let br = 0;
let gz = 0;
// zlib's asynchronous calls run on libuv's thread pool: the files are compressed in parallel.
await Promise.all(
  files.map(async (file) => {
    const body = fs.readFileSync(file);
    const [b, g] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    raw += body.length;
    br += writeIfSmaller(file, '.br', body, b);
    gz += writeIfSmaller(file, '.gz', body, g);
  }),
);
const kb = (n: number) => `${Math.round(n / 1024)} Ko`;
process.stdout.write(
  `Précompression : ${files.length} fichiers, ${kb(raw)} → Brotli ${kb(br)}, gzip ${kb(gz)}\n`,
);
