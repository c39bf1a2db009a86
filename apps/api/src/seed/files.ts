/** Observation the embedded demo data (apps/api/seed-data), gzip or plain, and parsing CSV (csv-parse). */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { apiPackageDir } from '../lib/paths';

/** `apps/api/seed-data`, whether run from src/ (tsx) or from the dist/ bundle. */
export function seedDataDir(): string {
  return path.join(apiPackageDir(), 'seed-data');
}

/** Text of a seed file; `name.gz` is used when `name` itself is absent. */
export function readSeedText(name: string, dir = seedDataDir()): string {
  const plain = path.join(dir, name);
  if (fs.existsSync(plain)) return fs.readFileSync(plain, 'utf8');
  const gz = `${plain}.gz`;
  if (fs.existsSync(gz)) return zlib.gunzipSync(fs.readFileSync(gz)).toString('utf8');
  throw new Error(`Fichier de données absent : ${name}`);
}

export function readSeedJson<T>(name: string, dir?: string): T {
  return JSON.parse(readSeedText(name, dir)) as T;
}

/**
 * RFC 4180 CSV read with csv-parse (quotes, doubled quotes, separators and newlines inside quotes, CRLF or LF, a
 * leading BOM); returns one record per non-empty row, keyed by the trimmed header, a missing cell as `''`.
 */
export function parseCsv(text: string, separator = ','): Record<string, string>[] {
  const rows: string[][] = parse(text, {
    delimiter: separator,
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
  });
  const [header, ...data] = rows;
  if (!header) return [];
  const keys = header.map((h) => h.trim());
  return data.map((cells) => Object.fromEntries(keys.map((k, i) => [k, cells[i] ?? ''])));
}

/** Parses a decimal number; empty or invalid → null. */
export function num(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}
