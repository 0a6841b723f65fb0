// Writes .br and .gz beside every text asset of the build, so the server sends compressed files
// without compressing on each request. The files are compressed side by side (zlib's thread pool), and
// scripts at brotli quality 10: 11 takes several times as long for a few bytes fewer (decision 0044),
// and every script of a public page loads after its first paint. Pages, stylesheets and data get 11.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const compressible = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;
const isScript = (file) => /\.m?js$/.test(file);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (compressible.test(entry.name)) yield full;
  }
}

async function precompress(file) {
  const content = await readFile(file);
  if (content.length < 512) return false;
  const quality = isScript(file) ? 10 : 11;
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
  };
  const [br, gzipped] = await Promise.all([brotli(content, { params }), gz(content, { level: 9 })]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
  return true;
}

const root = process.argv[2];
const all = [];
for await (const file of files(root)) all.push(file);
const done = await Promise.all(all.map(precompress));
console.log(`precompressed ${done.filter(Boolean).length} files in ${root}`);
