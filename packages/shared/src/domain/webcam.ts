/**
 * Webcam legend (docs/requirements.md R7.13): built from the date and time written in the image URL, as `le dd/mm/yyyy à HHhMM`.
 * Webcam feeds name their images after the shot time in many ways (`cam_20220125_1430.jpg`,
 * `2022-01-25-14-30.jpg`, `20220125143000.jpg`, `2022/01/25/14h30.jpg`…); the time is the camera's wall clock,
 * shown as written (no time-zone conversion). A URL with a date but no time gives `le dd/mm/yyyy`; a URL without
 * a valid date gives null. When several dates appear, the last one (the file name) wins.
 */

// yyyy [sep] mm [sep] dd, then optionally [sep] HH [sep] MM [[sep] SS]; never inside a longer number.
const DATE_TIME =
  /(?<!\d)((?:19|20)\d{2})([-_/.]?)(\d{2})\2(\d{2})(?:[-_T/. ]?(\d{2})[-_:hH.]?(\d{2})(?:[-_:.]?(\d{2}))?)?(?!\d)/g;

const pad = (n: number) => String(n).padStart(2, '0');

function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

export interface WebcamDate {
  year: number;
  month: number;
  day: number;
  /** Null when the URL carries a date only. */
  hour: number | null;
  minute: number | null;
}

/** The shot date and time read from a webcam URL, or null. */
export function webcamDate(url: string): WebcamDate | null {
  // Only the path and query: host names may hold digits.
  const target = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  let found: WebcamDate | null = null;
  for (const m of target.matchAll(DATE_TIME)) {
    const [year, month, day] = [Number(m[1]), Number(m[3]), Number(m[4])];
    if (!validDate(year, month, day)) continue;
    const hour = m[5] === undefined ? null : Number(m[5]);
    const minute = m[6] === undefined ? null : Number(m[6]);
    const timeOk = hour !== null && minute !== null && hour <= 23 && minute <= 59;
    found = { year, month, day, hour: timeOk ? hour : null, minute: timeOk ? minute : null };
  }
  return found;
}

/** `le 25/01/2022 à 14h30` (or `le 25/01/2022` without a time) from a webcam URL; null without a date. */
export function webcamLegende(url: string): string | null {
  const d = webcamDate(url);
  if (!d) return null;
  const day = `le ${pad(d.day)}/${pad(d.month)}/${d.year}`;
  return d.hour === null || d.minute === null ? day : `${day} à ${pad(d.hour)}h${pad(d.minute)}`;
}
