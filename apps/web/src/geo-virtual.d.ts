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
  const apercu: {
    terre: string;
    limites: string;
    rivieres: string;
    lacs: string;
    /**
     * The full outlines past zoom 7 (docs/decisions/145): one file per cell of 1°, `${base}${x}_${y}.json` for the
     * cells listed (x, y: west and south in whole degrees), each `{ departements, rivieres, lacs }` in the units above
     * (whole départements and lakes, rivers cut at the cell's edges).
     */
    detail: { base: string; cells: string[] };
  };
  export default apercu;
}

declare module 'virtual:limni-geo-noms' {
  /**
   * Names of the base map (scripts/geo-levels.ts `packNoms`, docs/decisions/124): each text once, then six numbers
   * per anchor — text index, genre (0 town, 1 lake, 2 river), lon and lat in thousandths of a degree, zoom in
   * tenths, weight.
   */
  const noms: { textes: string[]; ancres: number[] };
  export default noms;
}

declare module 'virtual:limni-geo-eaux' {
  /** The rivers and lakes the base map draws in France, lower case (scripts/geo-levels.ts `buildEaux`, ADR 145). */
  const eaux: string[];
  export default eaux;
}
