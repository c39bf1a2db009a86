/**
 * The footer (docs/requirements.md R3.1): information pages, pages to discover, the language switch (FR/EN) and the data
 * sources with their licences (README "Data sources and licences").
 */
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { LangueOptions } from '../components/ui/LangueOptions';
import { VoirAUneAutreDate } from '../features/instant-consulte';
import { currentLangue, setLangue, useT } from '../lib/i18n';
import { useNearViewport } from '../lib/use-near-viewport';
import type { MessageKey } from '../i18n/fr';

/** Asks whether there are webcams, when the footer comes near the viewport (docs/decisions/052). */
const WebcamsCheck = lazy(() => import('./WebcamsCheck'));

/** Pages reached from the footer (and the home page). */
const FOOTER_INFOS: Array<{ to: string; key: MessageKey }> = [
  { to: '/credits', key: 'footer.credits' },
  { to: '/legal/terms/update', key: 'footer.mentions' },
  { to: '/contact', key: 'footer.contact' },
  { to: '/etat-des-sources', key: 'footer.etatSources' },
];
const FOOTER_DECOUVRIR: Array<{ to: string; key: MessageKey }> = [
  { to: '/bassins', key: 'nav.bassins' },
  { to: '/activites', key: 'nav.activites' },
  { to: '/webcams', key: 'nav.webcams' },
  { to: '/infos-previsions', key: 'footer.previsions' },
  { to: '/avantages-compte', key: 'footer.avantages' },
];

/** Data sources and their licences (README "Data sources and licences"). */
const SOURCES: Array<{ nom: string; licence: MessageKey }> = [
  { nom: "Hub'Eau — Hydrométrie (eaufrance)", licence: 'footer.licenceOuverte' },
  { nom: 'Vigicrues (SCHAPI)', licence: 'footer.licenceOuverte' },
  { nom: 'OFEV / BAFU', licence: 'footer.licenceOfev' },
  { nom: 'Open-Meteo', licence: 'footer.licenceCcBy' },
  { nom: 'VigiEau', licence: 'footer.licenceOuverte' },
  { nom: 'IGN / INSEE (france-geojson)', licence: 'footer.licenceEtalab' },
  { nom: 'Natural Earth', licence: 'footer.licenceDomainePublic' },
];

function FooterNav({ title, links }: { title: string; links: Array<{ to: string; key: MessageKey }> }) {
  const t = useT();
  return (
    <nav aria-label={title}>
      <h2 className="font-semibold">{title}</h2>
      <ul className="mt-2 space-y-1">
        {links.map((l) => (
          <li key={l.to}>
            <Link className="link inline-flex min-h-8 items-center" to={l.to}>
              {t(l.key)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function Footer() {
  const t = useT();
  // No link to an empty list: the webcams page is linked once it has one.
  const near = useNearViewport('pied-de-page');
  const decouvrir = (hasWebcams: boolean) => (
    <FooterNav
      title={t('footer.decouvrir')}
      links={FOOTER_DECOUVRIR.filter((l) => l.to !== '/webcams' || hasWebcams)}
    />
  );
  return (
    <footer id="pied-de-page" className="border-t border-line bg-white pb-20 md:pb-0 dark:bg-[#0f1a22]">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 text-sm sm:grid-cols-2 md:grid-cols-4">
        <div>
          <p className="font-semibold text-brand dark:text-sky-200">Limni</p>
          <p className="mt-1 text-muted">{t('app.slogan')}</p>
          <label className="mt-4 flex items-center gap-2">
            <span>{t('footer.langue')}</span>
            <select
              className="field !w-auto"
              value={currentLangue()}
              onChange={(e) => void setLangue(e.target.value === 'en' ? 'en' : 'fr')}
            >
              <LangueOptions />
            </select>
          </label>
          <VoirAUneAutreDate className="btn-secondary mt-4 !min-h-11 text-sm" />
        </div>
        <FooterNav title={t('footer.informations')} links={FOOTER_INFOS} />
        {near ? (
          <Suspense fallback={decouvrir(false)}>
            <WebcamsCheck>{decouvrir}</WebcamsCheck>
          </Suspense>
        ) : (
          decouvrir(false)
        )}
        <div>
          <h2 className="font-semibold">{t('footer.sources')}</h2>
          <ul className="mt-2 space-y-1 text-muted">
            {SOURCES.map((s) => (
              <li key={s.nom}>
                {s.nom} — {t(s.licence)}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
