/**
 * The parts of the « État des sources » page: the mode of the service, one card per source, the ingestion jobs. A
 * state is a word and an icon's shape, its colour only repeats them.
 */
import { Link } from 'react-router';
import { LineIcon } from '../../../components/ui/LineIcon';
import { ICON, type IconPath } from '../../../components/ui/icons';
import type { Phrase } from '../../../lib/service-reason';
import type { EtatSourcesView, JobView, SourceRow, SourceView, TimeView } from '../etat-sources';
import { useEtatSourcesMessages } from '../messages';

type Tone = 'ok' | 'echec' | 'neutre' | 'attention';

const TONES: Record<Tone, { icon: IconPath; cls: string }> = {
  ok: {
    icon: ICON.ok,
    cls: 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100',
  },
  echec: {
    icon: ICON.attention,
    cls: 'border-red-300 bg-red-50 text-red-950 dark:border-red-700 dark:bg-red-950 dark:text-red-100',
  },
  attention: {
    icon: ICON.attention,
    cls: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
  },
  neutre: {
    icon: ICON.vide,
    cls: 'border-slate-300 bg-slate-100 text-slate-900 dark:border-slate-600 dark:bg-white/10 dark:text-slate-100',
  },
};

/** A state in a word, with its icon and colour. */
function Badge({ tone, children }: { tone: Tone; children: string }) {
  const s = TONES[tone];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-sm font-semibold ${s.cls}`}
    >
      <LineIcon d={s.icon} size={16} className="shrink-0" />
      {children}
    </span>
  );
}

/** An instant: its words, the machine time, and the absolute time in the title. */
export function Time({ time }: { time: TimeView }) {
  return (
    <time dateTime={time.iso} title={time.absolu}>
      {time.texte}
    </time>
  );
}

function PhraseText({ phrase }: { phrase: Phrase }) {
  return <span lang={phrase.lang}>{phrase.text}</span>;
}

export function ModeSection({ view }: { view: EtatSourcesView }) {
  const m = useEtatSourcesMessages();
  const { mode, statut } = view;
  return (
    <section aria-labelledby="mode-titre" className="mt-8">
      <h2 id="mode-titre" className="text-xl font-semibold">
        {m('modeTitre')}
      </h2>
      <div className="card mt-3 space-y-3" data-testid="mode">
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone={mode.mode === 'live' ? 'ok' : mode.mode === 'demo' ? 'attention' : 'neutre'}>
            {mode.titre}
          </Badge>
          <Badge tone={statut.degrade ? 'echec' : 'ok'}>{statut.texte}</Badge>
        </p>
        {mode.phrases.map((p, i) => (
          <p key={i} lang={p.lang}>
            {p.text}
          </p>
        ))}
        {statut.problemes.length > 0 && (
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {statut.problemes.map((p, i) => (
              <li key={i}>
                <PhraseText phrase={p} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

const SOURCE_TONE: Record<SourceView['etat'], Tone> = { ok: 'ok', en_echec: 'echec', inactive: 'neutre' };

function RowValue({ row }: { row: SourceRow }) {
  return (
    <>
      {row.href ? (
        <Link className="link underline" to={row.href}>
          {row.texte}
        </Link>
      ) : (
        row.texte && <span lang={row.lang}>{row.texte}</span>
      )}
      {row.note && <> — {row.note}</>}
      {row.time && (
        <span className={row.texte ? 'block text-sm text-muted' : undefined}>
          <Time time={row.time} />
        </span>
      )}
    </>
  );
}

function Warnings({ items, titleId }: { items: Phrase[]; titleId: string }) {
  const m = useEtatSourcesMessages();
  if (items.length === 0) return null;
  return (
    <div className="mt-3 border-t border-line pt-3">
      <h4 id={titleId} className="text-sm font-semibold">
        {m('avertissements')}
      </h4>
      <ul aria-labelledby={titleId} className="mt-1 list-disc space-y-1 pl-5 text-sm">
        {items.map((w, i) => (
          <li key={i}>
            <PhraseText phrase={w} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SourceCard({ source }: { source: SourceView }) {
  const id = `source-${source.nom.replace(/\W/g, '').toLowerCase()}`;
  return (
    <li className="card flex flex-col">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="text-lg font-semibold">
          {source.nom}
        </h3>
        <Badge tone={SOURCE_TONE[source.etat]}>{source.etatTexte}</Badge>
      </div>
      <p className="mt-1 text-sm text-muted">{source.etatAide}</p>
      <dl className="mt-3 space-y-2">
        {source.lignes.map((row) => (
          <div key={row.label}>
            <dt className="text-sm font-medium text-muted">{row.label}</dt>
            <dd>
              <RowValue row={row} />
            </dd>
          </div>
        ))}
      </dl>
      <Warnings items={source.avertissements} titleId={`${id}-avertissements`} />
    </li>
  );
}

export function JobItem({ job }: { job: JobView }) {
  const m = useEtatSourcesMessages();
  const id = `tache-${job.code}`;
  return (
    <li className="card">
      <h3 id={id} className="font-semibold">
        {job.nom} <code className="ml-1 text-xs font-normal text-muted">{job.code}</code>
      </h3>
      <dl className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium text-muted">{m('derniereReussite')}</dt>
          <dd>{job.derniereReussite ? <Time time={job.derniereReussite} /> : m('aucune')}</dd>
        </div>
        {job.enCoursDepuis && (
          <div>
            <dt className="text-sm font-medium text-muted">{m('enCoursDepuis')}</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <Time time={job.enCoursDepuis} />
              {job.tropLong && (
                <span>
                  <Badge tone="echec">{m('tropLong')}</Badge>
                  <span className="sr-only"> ({m('tropLongAide')})</span>
                </span>
              )}
            </dd>
          </div>
        )}
        <div className="sm:col-span-2">
          <dt className="text-sm font-medium text-muted">{m('derniereErreur')}</dt>
          <dd>
            {job.erreur ? (
              <>
                <PhraseText phrase={job.erreur} />
                <span className="block text-sm text-muted">
                  {job.erreur.time && <Time time={job.erreur.time} />}
                  {job.erreur.time && ' · '}
                  {job.erreur.echecs}
                </span>
              </>
            ) : (
              m('aucune')
            )}
          </dd>
        </div>
      </dl>
      {job.compteurs.length > 0 && (
        <details className="group mt-3 text-sm">
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 font-medium [&::-webkit-details-marker]:hidden">
            <LineIcon d="m9 6 6 6-6 6" size={16} className="transition-transform group-open:rotate-90" />
            {job.compteursTitre}
          </summary>
          <dl className="mt-1 grid grid-cols-[auto_auto] justify-start gap-x-4 gap-y-0.5">
            {job.compteurs.map((c) => (
              <div key={c.code} className="contents">
                <dt>
                  <code>{c.code}</code>
                </dt>
                <dd className="text-right tabular-nums">{c.valeur}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
      <Warnings items={job.avertissements} titleId={`${id}-avertissements`} />
    </li>
  );
}
