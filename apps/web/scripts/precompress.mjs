// Writes .br and .gz beside every text asset of the build, so the server sends compressed files
// without compressing on each request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const compressible = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (compressible.test(entry.name)) yield full;
  }
}

const root = process.argv[2];
let count = 0;
for await (const file of files(root)) {
  const content = await readFile(file);
  if (content.length < 512) continue;
  await writeFile(`${file}.br`, await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, await gz(content, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files in ${root}`);
