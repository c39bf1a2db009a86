/**
 * The lines of practical information the seed writes for a place (seed/build.ts), in French, and their US English:
 * the database keeps the French text; the API sends the English one when asked (`infosPratiquesIn`),
 * line by line (a lake's area too, `superficieLac`). A line it does not know (a lake's name) is kept as it is.
 */
export const INFOS_FR = {
  stationVigicrues: "- Station hydrométrique du réseau Vigicrues (données Hub'Eau).",
  zeroEchelle:
    "- La hauteur d'eau est mesurée par rapport au **zéro de l'échelle** de la station : une valeur négative est normale à certaines stations.",
  altitudeOfev:
    "- Le niveau est une **altitude du plan d'eau** en mètres au-dessus de la mer (système suisse), pas une hauteur à l'échelle.",
  donneesOfev: '- Données : Source : OFEV / BAFU, hydrodaten.admin.ch.',
  lacSansStation:
    "- Aucune station de mesure du niveau n'est reliée à ce lac dans Limni pour l'instant : pas de hauteur ni d'avis par activité.",
} as const;

const INFOS_EN: Record<keyof typeof INFOS_FR, string> = {
  stationVigicrues: "- Gauging station of the Vigicrues network (Hub'Eau data).",
  zeroEchelle:
    "- The water level is measured from the station's **gauge zero**: a negative value is normal at some stations.",
  altitudeOfev:
    '- The level is a **water surface elevation** in metres above sea level (Swiss system), not a gauge height.',
  donneesOfev: '- Data: source OFEV / BAFU, hydrodaten.admin.ch.',
  lacSansStation:
    '- No level gauge is linked to this lake in Limni yet: no water level and no activity advice.',
};

/** The Swiss station line, which carries the station number and its commune. */
export function stationOfevFr(numero: string, commune: string): string {
  return `- Station hydrologique de l'Office fédéral de l'environnement (OFEV / BAFU) n° ${numero}, ${commune} (Suisse).`;
}
const STATION_OFEV =
  /^- Station hydrologique de l'Office fédéral de l'environnement \(OFEV \/ BAFU\) n° (\S+), (.*) \(Suisse\)\.$/;

const ENGLISH = new Map<string, string>(
  (Object.keys(INFOS_FR) as Array<keyof typeof INFOS_FR>).map((k) => [INFOS_FR[k], INFOS_EN[k]]),
);

/**
 * A lake's description (the entity's `description`, and a line of the practical information of its place without a
 * station): its area measured on the Natural Earth outline, whole km², written as each language writes numbers.
 */
export function superficieLac(km2: number, langue: 'fr' | 'en' = 'fr'): string {
  if (langue === 'en') {
    const area = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(km2);
    return `Approximate area: ${area} km² (computed from the Natural Earth outline).`;
  }
  const area = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }).format(km2);
  return `Superficie approximative : ${area} km² (calculée sur le contour Natural Earth).`;
}
const SUPERFICIE_LAC =
  /^Superficie approximative : ([\d\s\u202f\u00a0]+) km² \(calculée sur le contour Natural Earth\)\.$/;

/** An entity's description in `langue`: a lake's area in English, any other text as it is. */
export function descriptionEntiteIn(text: string | null, langue: 'fr' | 'en'): string | null {
  if (text === null || langue === 'fr') return text;
  const area = SUPERFICIE_LAC.exec(text);
  return area ? superficieLac(Number((area[1] ?? '').replace(/\D/g, '')), 'en') : text;
}

/** The practical information in `langue`: each known line in English, the others as they are. */
export function infosPratiquesIn(text: string | null, langue: 'fr' | 'en'): string | null {
  if (text === null || langue === 'fr') return text;
  return text
    .split('\n')
    .map((line) => {
      const known = ENGLISH.get(line);
      if (known !== undefined) return known;
      if (line.startsWith('- ') && SUPERFICIE_LAC.test(line.slice(2))) {
        return `- ${descriptionEntiteIn(line.slice(2), langue) ?? ''}`;
      }
      const ofev = STATION_OFEV.exec(line);
      return ofev
        ? `- Hydrological station no. ${ofev[1]} of the Swiss Federal Office for the Environment (OFEV / BAFU), ${ofev[2]} (Switzerland).`
        : line;
    })
    .join('\n');
}
