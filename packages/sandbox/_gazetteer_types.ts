// The gazetteer's records: a populated place, a country, and the US
// states by postal code.

/** One populated place. */
export interface City {
  /** Index in `Gazetteer.cities`. */
  readonly i: number;
  /** GeoNames id. */
  readonly id: number;
  /** Name (English where GeoNames has one). */
  readonly name: string;
  /** Folded name, for matching. */
  readonly folded: string;
  /** ISO 3166-1 alpha-2 country code. */
  readonly country: string;
  /** GeoNames feature code: `PPLC` capital, `PPLA` admin seat, `PPLX` district, ... */
  readonly featureCode: string;
  /** GeoNames admin-1 code (the state code in the US). */
  readonly adminCode: string;
  /** Population. */
  readonly population: number;
  /** Latitude. */
  readonly lat: number;
  /** Longitude. */
  readonly lng: number;
}

/** One country. */
export interface Country {
  /** Alpha-2 code. */
  readonly cca2: string;
  /** Alpha-3 code. */
  readonly cca3: string;
  /** Common English name. */
  readonly name: string;
  /** Common names by ISO 639-3 language code. */
  readonly names: Readonly<Record<string, string>>;
  /** Representative position. */
  readonly lat: number;
  /** Representative position. */
  readonly lng: number;
  /** `Europe`, `Americas`, ... */
  readonly region: string;
}

/** US state names by postal code (GeoNames admin-1 codes of the US). */
export const US_STATES: Readonly<Record<string, string>> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
};

/** BCP 47 primary language → ISO 639-3 code used by `world-countries` translations. */
export const LANG3: Record<string, string> = {
  ar: "ara",
  br: "bre",
  cs: "ces",
  cy: "cym",
  de: "deu",
  et: "est",
  fi: "fin",
  fr: "fra",
  hr: "hrv",
  hu: "hun",
  it: "ita",
  ja: "jpn",
  ko: "kor",
  nl: "nld",
  fa: "per",
  pl: "pol",
  pt: "por",
  ru: "rus",
  sk: "slk",
  es: "spa",
  sr: "srp",
  sv: "swe",
  tr: "tur",
  ur: "urd",
  zh: "zho",
};
