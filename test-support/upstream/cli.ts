/**
 * `npm run upstream -- --port 8099 --catalogue recorded|france|synthetic:3200 [--anchor 2022-01-10T10:30:00Z=+120s]
 * [--host 127.0.0.1] [--next public|self]`: starts the recorded upstream, prints its base URLs and the command that
 * starts Limni against it, and stays up until Ctrl-C.
 */
import { parseArgs } from 'node:util';
import { parseAnchor, startRecordedUpstream, type CatalogueOption } from './index';

function catalogueOf(v: string): CatalogueOption {
  if (v === 'recorded' || v === 'france') return v;
  const m = /^synthetic:(\d+)$/.exec(v);
  if (m) return { synthetic: Number(m[1]) };
  throw new Error(`--catalogue recorded|france|synthetic:N attendu, reçu ${v}`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8099' },
      host: { type: 'string', default: '127.0.0.1' },
      catalogue: { type: 'string', default: 'recorded' },
      anchor: { type: 'string' },
      next: { type: 'string', default: 'public' },
    },
  });
  if (values.next !== 'public' && values.next !== 'self') throw new Error('--next public|self attendu');
  const up = await startRecordedUpstream({
    port: Number(values.port),
    host: values.host,
    catalogue: catalogueOf(values.catalogue),
    anchor: values.anchor ? parseAnchor(values.anchor) : undefined,
    nextLinks: values.next,
  });
  const garonne = (iso: string) => new Date(up.shift.toUpstream(Date.parse(iso))).toISOString();
  console.log(
    `Amont enregistré prêt (${up.stations.listed().length} stations, ${up.stations.serving().length} avec relevés)`,
  );
  console.log(`  Hub'Eau     ${up.hubeauBaseUrl}`);
  console.log(`  Vigicrues   ${up.vigicruesBaseUrl}`);
  console.log(`  Open-Meteo  ${up.openMeteoBaseUrl}`);
  console.log(`  VigiEau     ${up.vigieauBaseUrl}`);
  console.log(`  Pilotage    ${up.origin}/_upstream   (autre hôte : ${up.otherOrigin})`);
  console.log(`  Toulouse passe 3,00 m (10/01/2022 10:45 UTC) à ${garonne('2022-01-10T10:45:00Z')}`);
  console.log(
    `  Fin de l'enregistrement Garonne (31/01/2022 23:55 UTC) à ${garonne('2022-01-31T23:55:00Z')}`,
  );
  console.log('\nLancer Limni contre lui :');
  console.log(
    `  HUBEAU_BASE_URL=${up.hubeauBaseUrl} VIGICRUES_BASE_URL=${up.vigicruesBaseUrl} OPEN_METEO_BASE_URL=${up.openMeteoBaseUrl} VIGIEAU_BASE_URL=${up.vigieauBaseUrl} npm start`,
  );
  console.log(
    '  (INGEST=auto par défaut : la sonde de démarrage trouve ces sources ; INGEST=live pour forcer)',
  );
  console.log('\nCtrl-C pour arrêter.');
  const quit = () => {
    void up.close().then(() => process.exit(0));
  };
  process.once('SIGINT', quit);
  process.once('SIGTERM', quit);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
