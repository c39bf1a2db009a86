/** The CSV of what the chart draws, built in the browser and saved as a file (docs/decisions/041). */
import { slugify } from '@limni/shared/domain/names';
import { parisDay } from '@limni/shared/domain/time';
import { csvFileName, toCsv, type ChartColumns, type CsvColumns } from './chart-data';

export function downloadCsv(
  columns: ChartColumns,
  titles: CsvColumns,
  file: { lieu: string; grandeur: string; debut: number | null; fin: string },
): void {
  const blob = new Blob([toCsv(columns, titles)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = csvFileName(
    slugify(file.lieu),
    file.grandeur,
    file.debut !== null ? parisDay(file.debut) : file.fin,
    file.fin,
  );
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
