/** The map's outlines simplified at build time (scripts/geo-levels.ts, docs/decisions/118). */
declare module 'virtual:limni-geo-couches' {
  /** One zoom band [minzoom, maxzoom): the URLs of its départements and rivers. */
  const couches: {
    niveaux: Array<{
      id: 'bas' | 'moyen' | 'fin';
      minzoom: number;
      maxzoom: number;
      departements: string;
      rivieres: string;
    }>;
    lacs: string;
  };
  export default couches;
}

declare module 'virtual:limni-geo-apercu' {
  /** SVG path data in preview units: hundredths of a degree, Web Mercator, y downwards. */
  const apercu: { terre: string; limites: string; rivieres: string; lacs: string };
  export default apercu;
}
