/**
 * `npm test`: every check, in the fewest minutes a 2-core machine allows (docs/decisions/129).
 *
 * 1. Lint, typecheck and build at once: they read the sources and write nothing the others read (lint and tsc
 *    ignore `dist/`), and each is mostly one thread.
 * 2. The unit and API tests (Vitest, three workers) but the live end-to-end files.
 * 3. The browser tests (Playwright), on the build of step 1, beside the live end-to-end files
 *    (`apps/api/src/ingest/live-e2e*.test.ts`): these start the server in its own process against the recorded upstream
 *    and mostly wait on it (probe, backoff, `Retry-After`, a hung request), so they cost the browser tests little
 *    CPU, where alone they held the Vitest phase for minutes (docs/decisions/147).
 *
 * A step's output is printed whole when it ends, so that parallel steps do not interleave their lines. The first
 * failure stops the run with that step's status; the other steps of its phase are stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process';

interface Step {
  name: string;
  script: string;
  /** Arguments after `--`. */
  args?: string[];
}

const LIVE_E2E = 'src/ingest/live-e2e';

const PHASES: Step[][] = [
  [
    { name: 'lint', script: 'lint' },
    { name: 'typecheck', script: 'typecheck' },
    { name: 'build', script: 'build' },
  ],
  [{ name: 'unit + API', script: 'test:unit', args: ['--exclude', `**/${LIVE_E2E}*.test.ts`] }],
  [
    { name: 'browser', script: 'test:e2e' },
    { name: 'live end-to-end', script: 'test:unit', args: [LIVE_E2E] },
  ],
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const running = new Set<ChildProcess>();

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(0)} s`;
}

/** Runs one step; a phase of one step streams its output, a parallel phase buffers it. */
function run(step: Step, stream: boolean): Promise<number> {
  const started = Date.now();
  const child = spawn(npm, ['run', '--silent', step.script, ...(step.args ? ['--', ...step.args] : [])], {
    stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
  });
  running.add(child);
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (b: Buffer) => chunks.push(b));
  child.stderr?.on('data', (b: Buffer) => chunks.push(b));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      running.delete(child);
      const status = code ?? (signal ? 1 : 0);
      if (!stream) {
        process.stdout.write(`\n── ${step.name} ──\n`);
        process.stdout.write(Buffer.concat(chunks));
      }
      process.stdout.write(
        `── ${step.name}: ${signal ? `arrêté (${signal})` : status === 0 ? 'ok' : `échec (${status})`} en ${seconds(started)}\n`,
      );
      resolve(status);
    });
  });
}

const start = Date.now();
for (const phase of PHASES) {
  const statuses = await Promise.all(
    phase.map((step) =>
      run(step, phase.length === 1).then((status) => {
        // Stop the rest of the phase at the first failure: its result no longer matters.
        if (status !== 0) for (const child of running) child.kill('SIGTERM');
        return status;
      }),
    ),
  );
  const failed = statuses.find((s) => s !== 0);
  if (failed !== undefined) {
    process.stdout.write(`\nnpm test : échec après ${seconds(start)}.\n`);
    process.exit(failed);
  }
}
process.stdout.write(`\nnpm test : tout est passé en ${seconds(start)}.\n`);
