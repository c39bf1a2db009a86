/** Reading the embedded demo data (apps/api/seed-data), gzip or plain, and parsing CSV. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
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

/** RFC 4180 CSV (quotes, doubled quotes, separators and newlines inside quotes); returns one record per row. */
export function parseCsv(text: string, separator = ','): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          inQuotes = false;
        }
      } else {
        field += ch;
      }
    } else if (ch === '"') {
      inQuotes = true;
    } else if (ch === separator) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
    } else {
      field += ch;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  const [header, ...data] = rows;
  if (!header) return [];
  const keys = header.map((h) => h.replace(/^\uFEFF/, '').trim());
  return data.map((cells) => Object.fromEntries(keys.map((k, i) => [k, cells[i] ?? ''])));
}

/** Parses a decimal number; empty or invalid → null. */
export function num(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}
