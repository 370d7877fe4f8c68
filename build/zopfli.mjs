// gzip files with Zopfli (the npm package @gfx/zopfli, pinned in
// build/package-lock.json): a plain gzip stream every browser unpacks
// (DecompressionStream), 3-8% smaller than zlib's best, the same bytes from
// the same input.  Run by build/site.py:
//   node build/zopfli.mjs CACHE IN OUT [IN OUT ...]
// Each OUT is kept in CACHE under the hash of its input, so a build
// compresses only what changed (Zopfli takes about 3 s a megabyte).
import { gzip } from "@gfx/zopfli";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync, copyFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createRequire } from "node:module";

const ITERATIONS = 1;   // more buys 0.1-0.3% for several times the time
// The cache's key names the Zopfli that made each file: another version may pack otherwise.
const VERSION = JSON.parse(readFileSync(join(dirname(createRequire(import.meta.url).resolve("@gfx/zopfli")), "..", "package.json"))).version;
const [cache, ...pairs] = process.argv.slice(2);
mkdirSync(cache, { recursive: true });
for (let i = 0; i < pairs.length; i += 2) {
  const [input, output] = [pairs[i], pairs[i + 1]];
  const data = readFileSync(input);
  const key = createHash("sha256").update(data).digest("hex") + `-zopfli${VERSION}-i${ITERATIONS}.gz`;
  const kept = join(cache, key);
  if (!existsSync(kept)) {
    const packed = await new Promise((resolve, reject) =>
      gzip(data, { numiterations: ITERATIONS }, (err, out) => (err ? reject(err) : resolve(out))));
    writeFileSync(kept + ".part", packed);
    renameSync(kept + ".part", kept);
  }
  copyFileSync(kept, output);
}
