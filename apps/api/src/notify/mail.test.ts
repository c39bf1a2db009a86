import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../../test/helpers';
import { createMailer, outboxDir, renderMail } from './mail';

describe('mail', () => {
  it('writes a complete .eml (headers, text and HTML parts) to the outbox when SMTP_URL is unset', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-mail-'));
    const mailer = createMailer({
      SMTP_URL: undefined,
      MAIL_FROM: 'Limni <ne-pas-repondre@limni.example>',
      DATA_DIR: dataDir,
    });
    expect(mailer.mode).toBe('outbox');
    const body = renderMail({
      greeting: 'Bonjour Camille,',
      paragraphs: ['Voici un message <important> & utile.'],
      action: { label: 'Ouvrir', url: 'http://localhost:8080/lieu/1/a-1' },
    });
    const sent = await mailer.send({ to: 'camille@example.org', subject: 'Essai éàü', ...body });
    const files = fs.readdirSync(outboxDir(dataDir));
    expect(files).toHaveLength(1);
    expect(sent.file).toBe(path.join(outboxDir(dataDir), files[0] as string));
    const eml = fs.readFileSync(sent.file as string, 'utf8');
    expect(eml).toMatch(/^To: camille@example.org$/m);
    expect(eml).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(eml).toMatch(/Content-Type: text\/plain/);
    expect(eml).toMatch(/Content-Type: text\/html/);
    expect(body.html).toContain('&lt;important&gt; &amp; utile');
    expect(body.text).toContain('Ouvrir : http://localhost:8080/lieu/1/a-1');
    const [mail] = readOutbox(dataDir);
    expect(mail).toMatchObject({ to: 'camille@example.org', subject: 'Essai éàü' });
    expect(mail?.raw).toContain('Voici un message <important> & utile.');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
