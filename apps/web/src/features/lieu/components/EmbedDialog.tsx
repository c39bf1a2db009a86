/**
 * The « Intégrer » dialog (docs/decisions/123): size and theme of the widget, the `<iframe>` code to copy, and a live
 * preview of `/embed/lieu/{id}` (the same page another site will frame).
 */
import { useId, useState } from 'react';
import { EMBED_MAX_SIZE, EMBED_MIN_SIZE, EMBED_SIZES, type EmbedTheme } from '@limni/shared/contracts/embed';
import { Dialog } from '../../../components/ui/Dialog';
import { currentLangue } from '../../../lib/i18n';
import { useLieuMessages } from '../messages';

type Taille = '0' | '1' | 'perso';

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(v) || min));

/** The widget's address and its `<iframe>` code. */
export function embedCode(
  origin: string,
  lieuId: number,
  ida: number,
  o: { width: number; height: number; theme: EmbedTheme; lang: 'fr' | 'en'; titre: string },
): { src: string; code: string } {
  const params = new URLSearchParams({ activite: `a-${ida}` });
  if (o.theme !== 'clair') params.set('theme', o.theme);
  if (o.lang !== 'fr') params.set('lang', o.lang);
  const src = `${origin}/embed/lieu/${lieuId}?${params.toString()}`;
  const titre = o.titre.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return {
    src,
    code: `<iframe src="${src.replace(/&/g, '&amp;')}" width="${o.width}" height="${o.height}" title="${titre} — Limni" style="border:0" loading="lazy"></iframe>`,
  };
}

export default function EmbedDialog({
  lieuId,
  ida,
  nom,
  open,
  onOpenChange,
}: {
  lieuId: number;
  ida: number;
  nom: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const m = useLieuMessages();
  const id = useId();
  const [taille, setTaille] = useState<Taille>('1');
  const [perso, setPerso] = useState({ width: '360', height: '200' });
  const [theme, setTheme] = useState<EmbedTheme>('clair');
  const [copie, setCopie] = useState<'oui' | 'non' | null>(null);
  const size =
    taille === 'perso'
      ? {
          width: clamp(Number(perso.width), EMBED_MIN_SIZE.width, EMBED_MAX_SIZE.width),
          height: clamp(Number(perso.height), EMBED_MIN_SIZE.height, EMBED_MAX_SIZE.height),
        }
      : EMBED_SIZES[Number(taille) as 0 | 1];
  const { src, code } = embedCode(window.location.origin, lieuId, ida, {
    ...size,
    theme,
    lang: currentLangue() === 'en' ? 'en' : 'fr',
    titre: nom,
  });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopie('oui');
    } catch {
      setCopie('non');
    }
  };
  const radio = 'inline-flex min-h-11 items-center gap-2 rounded-lg border border-line px-3';
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={m('integrerTitre')}
      description={m('integrerAide')}
    >
      <div className="flex flex-col gap-4">
        <fieldset>
          <legend className="text-sm font-semibold">{m('integrerTaille')}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {(['0', '1', 'perso'] as const).map((t) => (
              <label key={t} className={radio}>
                <input
                  type="radio"
                  name={`${id}-taille`}
                  checked={taille === t}
                  onChange={() => setTaille(t)}
                />
                {t === 'perso'
                  ? m('integrerPerso')
                  : `${EMBED_SIZES[Number(t) as 0 | 1].width} × ${EMBED_SIZES[Number(t) as 0 | 1].height}`}
              </label>
            ))}
          </div>
          {taille === 'perso' && (
            <div className="mt-2 flex flex-wrap gap-3">
              {(['width', 'height'] as const).map((k) => (
                <label key={k} className="flex items-center gap-2 text-sm">
                  {m(k === 'width' ? 'integrerLargeur' : 'integrerHauteur')}
                  <input
                    type="number"
                    className="field w-24"
                    min={EMBED_MIN_SIZE[k]}
                    max={EMBED_MAX_SIZE[k]}
                    value={perso[k]}
                    onChange={(e) => setPerso((p) => ({ ...p, [k]: e.target.value }))}
                  />
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <fieldset>
          <legend className="text-sm font-semibold">{m('integrerTheme')}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {(['clair', 'sombre'] as const).map((t) => (
              <label key={t} className={radio}>
                <input type="radio" name={`${id}-theme`} checked={theme === t} onChange={() => setTheme(t)} />
                {m(t === 'clair' ? 'integrerClair' : 'integrerSombre')}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={`${id}-code`} className="text-sm font-semibold">
            {m('integrerCode')}
          </label>
          <textarea
            id={`${id}-code`}
            readOnly
            rows={4}
            className="field mt-2 w-full font-mono text-xs"
            value={code}
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <button type="button" className="btn-primary" onClick={() => void copy()}>
              {m('integrerCopier')}
            </button>
            <span role="status" className="text-sm text-muted">
              {copie === 'oui' ? m('integrerCopie') : copie === 'non' ? m('integrerCopieEchec') : ''}
            </span>
          </div>
        </div>
        <div>
          <p className="text-sm font-semibold">{m('integrerApercu')}</p>
          <div className="mt-2 max-w-full overflow-auto">
            <iframe
              src={src}
              width={size.width}
              height={size.height}
              title={m('integrerApercuTitre', { nom })}
              className="block border-0"
              loading="lazy"
            />
          </div>
        </div>
      </div>
    </Dialog>
  );
}
