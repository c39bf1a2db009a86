/** Locations inside the api package, whether the code runs from src/ (tsx) or from the dist/ bundle. */
import fs from 'node:fs';
import path from 'node:path';

let cached: string | null = null;

/** Absolute path of apps/api (the folder whose package.json is named @limni/api). */
export function apiPackageDir(): string {
  if (cached) return cached;
  let dir = import.meta.dirname;
  for (let i = 0; i < 6; i++) {
    const pkg = path.join(dir, 'package.json');
    if (
      fs.existsSync(pkg) &&
      (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { name?: string }).name === '@limni/api'
    ) {
      cached = dir;
      return dir;
    }
    dir = path.dirname(dir);
  }
  throw new Error(`Dossier du paquet @limni/api introuvable depuis ${import.meta.dirname}`);
}
