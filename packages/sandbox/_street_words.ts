// The word lists behind the sandbox's street names: per language, the main
// streets, the ways of forming names (roots × street types, then modifiers
// or people's names for more) and the abbreviations people write.

import { hash32 } from "./_util.ts";

/** One way of forming names: slot 0 varies fastest, `render` assembles. */
export interface Tier {
  readonly slots: readonly (readonly string[])[];
  readonly render: (parts: readonly string[]) => string;
}

/** A language's street names, and how people abbreviate them. */
export interface Lang {
  /** The main streets of axes 0 and 1. */
  readonly main: readonly [string, string];
  /** Tiers in order of use, the plainest names first. */
  readonly tiers: readonly Tier[];
  /** Folded abbreviation → folded word. */
  readonly abbr: ReadonlyMap<string, string>;
  /** Rewrites one folded token (e.g. a German `…str` ending). */
  readonly token?: (t: string) => string;
  /** Rewrites the folded text before it is split into tokens. */
  readonly pre?: readonly (readonly [RegExp, string])[];
  /** The canonical street type tried when a name comes without one. */
  readonly bare?: string;
  /** Treat `ae`/`oe`/`ue` as the umlauts they spell. */
  readonly umlauts?: boolean;
}

const w = (s: string): string[] => s.split(" ");
const p = (s: string): string[] => s.split("|");
const abbr = (s: string): Map<string, string> =>
  new Map(w(s).map((pair) => pair.split("=") as [string, string]));

/** `Rue` + `Victor Hugo`: [roots, types]. */
const prefixed = (types: string[], roots: string[]): Tier => ({
  slots: [roots, types],
  render: ([r, t]) => `${t} ${r}`,
});
/** `Linden` + `straße`: [roots, types]. */
const compound = (roots: string[], types: string[]): Tier => ({
  slots: [roots, types],
  render: ([r, t]) => r + t,
});
/** `Oak` + ` Street`: [roots, types]. */
const spaced = (roots: string[], types: string[]): Tier => ({
  slots: [roots, types],
  render: ([r, t]) => `${r} ${t}`,
});
/** A modifier before a compound or spaced name: [roots, types, modifiers]. */
const modified = (
  roots: string[],
  types: string[],
  mods: string[],
  sep = "",
  ending: (type: string) => string = () => "",
): Tier => ({
  slots: [roots, types, mods],
  render: ([r, t, m]) => `${m}${ending(t)} ${r}${sep}${t}`,
});
/** A street named after a person: [surnames, given names, types]. */
const people = (
  types: string[],
  given: string[],
  surnames: string[],
): Tier => ({
  slots: [surnames, given, types],
  render: ([s, g, t]) => `${t} ${g} ${s}`,
});
const fixed = (names: string[]): Tier => ({
  slots: [names],
  render: ([n]) => n,
});

const DE_ROOTS = w(
  "Linden Eichen Birken Buchen Tannen Ahorn Eschen Ulmen Kastanien Rosen Tulpen Nelken Flieder Holunder Garten Wiesen Feld Wald Berg Tal Bach Brunnen Mühlen Kirch Schul Markt Burg Schloss Kloster Dorf Post Rathaus Hafen Brücken Sonnen Stern Goethe Schiller Lessing Heine Mozart Beethoven Kant Luther Humboldt Fontane Uhland Herder Dürer Kepler Gutenberg Luisen Marien Jahn Lerchen Amsel Finken Falken Adler Kreuz Anger Heide Moor See Teich Sand Stein",
);
const DE_TYPES = w("straße weg allee gasse ring damm platz ufer pfad steig");
const DE_MODS = w("Ober Unter Neu Alt Klein Groß Hinter Vorder Mittler Inner");
const DE_ENDING: Record<string, string> = {
  ufer: "es",
  straße: "e",
  allee: "e",
  gasse: "e",
};

const NL_ROOTS = w(
  "Kerk Dorps Molen School Markt Haven Brug Linden Eiken Beuken Berken Wilgen Populieren Esdoorn Kastanje Rozen Tulpen Lelie Zonne Sterre Meeuwen Merel Zwaluw Lijster Kievit Duiven Weide Akker Veld Bos Heide Duin Polder Beek Slot Kasteel Klooster Gasthuis Raadhuis Post Brink Vondel Rembrandt Vermeer Erasmus Spinoza Huygens Oranje Nassau Juliana Beatrix Wilhelmina Emma Prinsen Heren Keizers Noord Zuid Oost West Hof Tuin",
);
const NL_TYPES = w("straat weg laan plein singel gracht kade dijk steeg pad");

const EN_ROOTS = w(
  "Oak Elm Maple Pine Cedar Birch Willow Ash Beech Chestnut Hawthorn Holly Laurel Poplar Walnut Cherry Mill Church School Market Bridge River Lake Park Hill Spring Meadow Orchard Forest Valley Ridge Brook Castle Abbey Manor Chapel Victoria Albert King Queen Prince Windsor York Cambridge Oxford Washington Lincoln Jefferson Franklin Madison Sunset Highland Fairview Riverside Woodland Prospect Union Liberty Station Garden Green",
);
const EN_TYPES = w(
  "Street Road Avenue Lane Drive Way Court Place Boulevard Terrace Crescent Close",
);

const FR_TYPES = w(
  "Rue Avenue Boulevard Allée Chemin Impasse Place Route Quai Passage",
);
const FR_ROOTS = p(
  "Victor Hugo|Voltaire|Jean Jaurès|Pasteur|Gambetta|Carnot|Jules Ferry|Émile Zola|Molière|Jean Moulin|Charles de Gaulle|du Général Leclerc|du Maréchal Foch|Georges Clemenceau|Anatole France|Marie Curie|Jean-Jacques Rousseau|de la Paix|de la Liberté|de l'Église|de la Gare|du Moulin|des Écoles|du Château|du Marché|des Lilas|des Roses|des Tilleuls|des Acacias|des Peupliers|des Chênes|des Érables|des Marronniers|des Cerisiers|des Vignes|des Prés|des Champs|du Stade|du Port|de la Fontaine|du Pont|de la Mairie|de la Poste|des Jardins|du Parc|du Lavoir|des Fleurs|des Alouettes|des Hirondelles|du Bois|de la Forêt|de la Source|de la Croix|du Four|Saint-Michel|Saint-Jacques|Saint-Martin|Sainte-Anne|de Verdun|du 8 Mai 1945|du 11 Novembre|du 14 Juillet",
);
const FR_GIVEN = w(
  "Jean Pierre Paul Louis Jacques Henri Marcel André Marie Jeanne Louise Georges Émile Charles Robert René Lucie Claire Joseph Albert",
);
const FR_SURNAMES = w(
  "Martin Bernard Dubois Thomas Richard Petit Durand Leroy Moreau Simon Laurent Lefebvre Michel David Bertrand Roux Vincent Fournier Morel Girard Mercier Dupont Lambert Bonnet Legrand Garnier Faure Blanc Chevalier Perrin",
);

const IT_TYPES = w("Via Viale Corso Piazza Vicolo Largo Strada Piazzale");
const IT_ROOTS = p(
  "Garibaldi|Mazzini|Cavour|Dante|Giuseppe Verdi|Manzoni|Marconi|Galileo Galilei|Leopardi|Petrarca|Carducci|Matteotti|Gramsci|Alessandro Volta|Cristoforo Colombo|XX Settembre|IV Novembre|XXV Aprile|dei Mille|della Repubblica|della Libertà|della Pace|delle Rose|dei Tigli|dei Pini|degli Ulivi|delle Vigne|del Mulino|della Stazione|del Porto|del Mare|dei Giardini|della Chiesa|del Castello|della Fontana|del Popolo|del Sole|dei Fiori|Nazionale|Vittorio Veneto|Trieste|Trento|Milano|Napoli|Venezia|Firenze|Torino|Genova|Bologna|San Francesco|San Giovanni|San Rocco|Santa Maria|Sant'Antonio|Umberto I|Vittorio Emanuele II|Regina Margherita|Puccini|Rossini|Fratelli Bandiera",
);
const IT_GIVEN = w(
  "Giuseppe Giovanni Antonio Mario Luigi Francesco Carlo Pietro Paolo Giorgio Maria Anna Rosa Lucia Teresa Angelo Domenico Salvatore Vincenzo Enrico",
);
const IT_SURNAMES = w(
  "Rossi Russo Ferrari Esposito Bianchi Romano Ricci Marino Greco Bruno Gallo Conti Costa Giordano Mancini Rizzo Lombardi Moretti Barbieri Fontana Santoro Mariani Rinaldi Caruso Ferrara Galli Martini Leone Longo Gentile",
);

const ES_TYPES = w("Calle Avenida Paseo Plaza Camino Travesía Ronda Callejón");
const ES_ROOTS = p(
  "del Sol|de la Paz|de la Iglesia|del Carmen|de los Olivos|de las Flores|del Pilar|Real|de la Luna|de las Palmeras|del Parque|del Río|del Mar|de la Estación|del Mercado|del Molino|de la Fuente|del Castillo|de la Libertad|de la Independencia|de los Pinos|de las Rosas|del Prado|de la Playa|del Puerto|de los Álamos|de los Almendros|del Rosario|San Juan|San Pedro|San José|San Francisco|Santa Ana|Santa María|Santiago|Miguel de Cervantes|Goya|Velázquez|Colón|Simón Bolívar|San Martín|Benito Juárez|Miguel Hidalgo|Morelos|Sucre|Francisco de Miranda|Antonio Machado|García Lorca|Rubén Darío|Gabriela Mistral|Reyes Católicos|de Andalucía|de Castilla|de Europa|de América|de la Reforma|de los Héroes|del Trabajo|de la Victoria|Juan Ramón Jiménez",
);
const ES_GIVEN = w(
  "José Juan Antonio Manuel Francisco Luis Carlos Pedro Miguel Javier Rafael Fernando María Carmen Ana Isabel Rosa Pilar Teresa Lucía",
);
const ES_SURNAMES = w(
  "García Martínez López Sánchez González Pérez Rodríguez Fernández Gómez Díaz Moreno Álvarez Romero Navarro Torres Domínguez Vázquez Ramos Gil Ramírez Serrano Molina Blanco Suárez Castro Ortega Delgado Rubio Marín Iglesias",
);

const PT_TYPES = w("Rua Avenida Travessa Praça Largo Alameda Estrada Beco");
const PT_ROOTS = p(
  "das Flores|do Comércio|da Liberdade|da Paz|da Igreja|do Sol|da Estação|do Mercado|do Porto|da Praia|do Rosário|das Palmeiras|dos Pinheiros|das Acácias|das Laranjeiras|dos Girassóis|do Campo|da Fonte|do Moinho|do Castelo|da Escola|da Ponte|do Rio|do Mar|da Boavista|da República|da Independência|dos Bandeirantes|das Oliveiras|da Saudade|do Carmo|São João|São José|São Bento|São Pedro|Santa Catarina|Santa Luzia|Sete de Setembro|Quinze de Novembro|Vinte e Cinco de Abril|Primeiro de Maio|Tiradentes|Dom Pedro II|Marechal Deodoro|Barão do Rio Branco|Rui Barbosa|Santos Dumont|Luís de Camões|Almirante Reis|Infante Dom Henrique|Vasco da Gama|Pedro Álvares Cabral|Castro Alves|Machado de Assis|José Bonifácio|Duque de Caxias|Afonso Henriques|Brasil",
);
const PT_GIVEN = w(
  "João José Manuel Francisco Joaquim Pedro Paulo Carlos Luís Miguel Jorge Maria Ana Rosa Teresa Joana Helena Luísa Beatriz Clara",
);
const PT_SURNAMES = w(
  "Silva Santos Ferreira Pereira Oliveira Costa Rodrigues Martins Sousa Fernandes Gonçalves Gomes Lopes Marques Alves Almeida Ribeiro Pinto Carvalho Teixeira Moreira Correia Mendes Nunes Soares Vieira Monteiro Cardoso Rocha Barros",
);

const PL_ROOTS = w(
  "Polna Leśna Słoneczna Krótka Długa Szkolna Kościelna Ogrodowa Łąkowa Zielona Kwiatowa Lipowa Brzozowa Dębowa Klonowa Sosnowa Akacjowa Wiśniowa Różana Spacerowa Rzeczna Młyńska Wiejska Parkowa Nowa Cicha Wąska Szeroka Zamkowa Targowa Kolejowa Dworcowa Fabryczna Graniczna Sportowa Wodna Miodowa Jagodowa Malinowa Górna Dolna Boczna Piaskowa Kamienna Pocztowa Rolna Topolowa Jesionowa",
);
const PL_PATRONS = p(
  "Mickiewicza|Kościuszki|Słowackiego|Sienkiewicza|Kopernika|Chopina|Piłsudskiego|Konopnickiej|Reymonta|Prusa|Żeromskiego|Moniuszki|Matejki|Kilińskiego|Pułaskiego|Sobieskiego|Kochanowskiego|Orzeszkowej|Jana Pawła II|3 Maja|1 Maja|11 Listopada|Armii Krajowej|Wojska Polskiego",
);
const PL_GIVEN = w(
  "Jana Piotra Adama Józefa Stanisława Tadeusza Władysława Kazimierza Henryka Stefana Andrzeja Pawła Michała Franciszka Jerzego Zbigniewa Mariana Wojciecha Romana Tomasza Krzysztofa Karola Antoniego Leona Edwarda",
);
const PL_SURNAMES = w(
  "Nowaka Kowalskiego Wiśniewskiego Wójcika Kowalczyka Kamińskiego Lewandowskiego Zielińskiego Szymańskiego Woźniaka Dąbrowskiego Kozłowskiego Jankowskiego Mazura Kwiatkowskiego Krawczyka Piotrowskiego Grabowskiego Nowakowskiego Pawłowskiego Michalskiego Nowickiego Adamczyka Dudka Zająca Wieczorka Jabłońskiego Króla Majewskiego Olszewskiego",
);

const SV_ROOTS = w(
  "Kyrko Skol Kvarn Torg Hamn Bro Strand Sjö Skogs Park Ängs Åker Bergs Dal Björk Ek Lind Al Asp Rönn Lönn Gran Tall Hassel Syren Ros Lilje Kastanj Vall Kungs Prins Slotts Borg Rådhus Post Fabriks Järnvägs Kloster Linné Tegnér Bellmans Lärk Svan Falk Örn Sol Stjärn Norr Söder Öster Väster Mellan Tvär Sand Sten Back Hag Gärdes Mölle Vik Ås",
);
const SV_TYPES = w("gatan vägen stigen gränd allén leden platsen gången");
const DA_ROOTS = w(
  "Kirke Skole Mølle Havne Bro Strand Sø Skov Park Eng Mark Birke Ege Linde Bøge Ahorn Aske Elme Pile Hassel Syrene Rose Kastanje Konge Dronning Prinsesse Slots Borg Rådhus Post Bane Fabriks Kloster Nørre Sønder Øster Vester Tvær Sand Sten Dal Fælled Klint Lærke Svane Falke Sol Stjerne Grundtvigs Ingemanns Blichers Munke Smede Toft Vinkel",
);
const DA_TYPES = w("gade vej stræde allé plads sti vænget løkken");
const NO_ROOTS = w(
  "Skole Mølle Torg Havne Bro Strand Sjø Skog Park Eng Åker Bjerke Eike Linde Bøke Lønne Ask Alm Selje Hassel Syrin Rose Kastanje Konge Dronning Slotts Borg Rådhus Post Jernbane Fabrikk Kloster Nord Sør Øst Vest Tverr Sand Stein Dal Haug Berg Fjell Elve Foss Vik Nes Myr Lerke Svane Falke Sol Stjerne Kvern Furu Gran Lund",
);
const NO_TYPES = w("gata veien stien bakken svingen plassen allé smuget");
const NORDIC_MODS = {
  sv: w("Övre Nedre Lilla Stora Gamla Nya Inre Yttre"),
  da: w("Gamle Nye Store Lille Øvre Nedre Indre Ydre"),
  no: w("Øvre Nedre Gamle Nye Store Lille Indre Ytre"),
};

/** A Nordic language: compound roots, then a modifier before them. */
function nordic(
  main: [string, string],
  roots: string[],
  types: string[],
  mods: string[],
): Lang {
  return {
    main,
    tiers: [
      compound(roots, types.slice(0, 2)),
      compound(roots, types.slice(2)),
      modified(roots, types, mods),
    ],
    abbr: new Map(),
  };
}

/** A Romance language: type before root, then streets named after people. */
function romance(
  main: [string, string],
  types: string[],
  roots: string[],
  given: string[],
  surnames: string[],
  abbreviations: string,
  pre?: [RegExp, string][],
): Lang {
  return {
    main,
    tiers: [
      prefixed(types.slice(0, 2), roots),
      prefixed(types.slice(2), roots),
      people(types, given, surnames),
    ],
    abbr: abbr(abbreviations),
    pre,
    bare: types[0].toLowerCase(),
  };
}

const LANGS: Record<string, Lang> = {
  de: {
    main: ["Hauptstraße", "Bahnhofstraße"],
    tiers: [
      compound(DE_ROOTS, DE_TYPES.slice(0, 2)),
      fixed(
        p(
          "Am Markt|Am Anger|Am Hang|Am Wall|Am Graben|Am Sportplatz|Am Mühlbach|Am Kirchberg|An der Kirche|An der Mühle|An der Linde|Im Winkel|Im Grund|Hinter den Gärten|Auf dem Berg|Zum Steinbruch",
        ),
      ),
      compound(DE_ROOTS, DE_TYPES.slice(2)),
      modified(DE_ROOTS, DE_TYPES, DE_MODS, "", (t) => DE_ENDING[t] ?? "er"),
    ],
    abbr: abbr("str=strasse pl=platz"),
    token: (t) => t.endsWith("str") ? `${t}asse` : t,
    umlauts: true,
  },
  nl: {
    main: ["Hoofdstraat", "Stationsweg"],
    tiers: [
      compound(NL_ROOTS, NL_TYPES.slice(0, 3)),
      compound(NL_ROOTS, NL_TYPES.slice(3)),
      modified(
        NL_ROOTS,
        NL_TYPES,
        w("Nieuwe Oude Korte Lange Hoge Lage Kleine Grote"),
      ),
    ],
    abbr: new Map(),
    token: (t) => t.endsWith("str") ? `${t}aat` : t,
  },
  en: {
    main: ["Main Street", "High Street"],
    tiers: [
      spaced(EN_ROOTS, EN_TYPES.slice(0, 3)),
      spaced(EN_ROOTS, EN_TYPES.slice(3)),
      modified(
        EN_ROOTS,
        EN_TYPES,
        w("North South East West Old New Upper Lower"),
        " ",
      ),
    ],
    abbr: abbr(
      "st=street str=street rd=road av=avenue ave=avenue ln=lane dr=drive wy=way ct=court pl=place blvd=boulevard tce=terrace ter=terrace cres=crescent cl=close n=north s=south e=east w=west upr=upper lwr=lower first=1st second=2nd third=3rd fourth=4th fifth=5th sixth=6th seventh=7th eighth=8th ninth=9th tenth=10th",
    ),
  },
  fr: romance(
    ["Rue de la République", "Grande Rue"],
    FR_TYPES,
    FR_ROOTS,
    FR_GIVEN,
    FR_SURNAMES,
    "r=rue av=avenue ave=avenue bd=boulevard bld=boulevard bvd=boulevard all=allee ch=chemin chem=chemin imp=impasse pl=place rte=route qu=quai pass=passage st=saint ste=sainte gal=general gen=general mal=marechal",
  ),
  it: romance(
    ["Via Roma", "Corso Italia"],
    IT_TYPES,
    IT_ROOTS,
    IT_GIVEN,
    IT_SURNAMES,
    "v=via vle=viale cso=corso pza=piazza pzza=piazza vic=vicolo lgo=largo str=strada ple=piazzale san=s santo=s santa=s sant=s",
    [
      [/\bc so\b/g, "corso"],
      [/\bv le\b/g, "viale"],
      [/\bp z?za\b/g, "piazza"],
      [
        /\bl go\b/g,
        "largo",
      ],
      [/\bp le\b/g, "piazzale"],
    ],
  ),
  es: romance(
    ["Calle Mayor", "Avenida de la Constitución"],
    ES_TYPES,
    ES_ROOTS,
    ES_GIVEN,
    ES_SURNAMES,
    "c=calle cl=calle cll=calle av=avenida avda=avenida pso=paseo pza=plaza pl=plaza cno=camino trav=travesia rda=ronda sta=santa sto=santo",
  ),
  pt: romance(
    ["Rua Direita", "Avenida Central"],
    PT_TYPES,
    PT_ROOTS,
    PT_GIVEN,
    PT_SURNAMES,
    "r=rua av=avenida tv=travessa trav=travessa pc=praca pca=praca lg=largo lgo=largo al=alameda estr=estrada s=sao sta=santa sto=santo d=dom mal=marechal alm=almirante",
  ),
  pl: {
    main: ["ul. Główna", "al. Niepodległości"],
    tiers: [
      prefixed(["ul."], [...PL_ROOTS, ...PL_PATRONS]),
      prefixed(["al.", "pl."], PL_PATRONS),
      prefixed(["al."], PL_ROOTS),
      people(["ul.", "al.", "pl."], PL_GIVEN, PL_SURNAMES),
    ],
    abbr: abbr("ul=ulica al=aleja aleje=aleja pl=plac"),
    bare: "ulica",
  },
  sv: nordic(
    ["Storgatan", "Drottninggatan"],
    SV_ROOTS,
    SV_TYPES,
    NORDIC_MODS.sv,
  ),
  da: nordic(["Hovedgaden", "Algade"], DA_ROOTS, DA_TYPES, NORDIC_MODS.da),
  no: nordic(["Storgata", "Kirkegata"], NO_ROOTS, NO_TYPES, NORDIC_MODS.no),
};

/** Country → language; countries not listed speak English. */
const COUNTRY_LANG = new Map(
  p(
    "de DE AT LI|fr FR LU MC RE GP MQ GF YT PF NC PM BL MF WF SN CI ML BF NE TG BJ GN CM GA CG CD MG HT DZ MA TN TD CF DJ KM BI|it IT SM VA|es ES AD MX GT HN SV NI CR PA CU DO PR CO VE EC PE BO CL AR UY PY GQ|pt PT BR AO MZ CV GW ST TL|nl NL SR AW CW SX BQ|pl PL|sv SE AX|da DK FO GL|no NO SJ",
  ).flatMap((group) => {
    const [lang, ...countries] = w(group);
    return countries.map((c) => [c, lang] as const);
  }),
);
/** Countries with more than one language: cumulative percentages by city. */
const MIXED = new Map<string, readonly (readonly [string, number])[]>(
  Object.entries({
    CH: [["de", 65], ["fr", 90], ["it", 100]],
    BE: [["nl", 60], ["fr", 100]],
    CA: [["en", 78], ["fr", 100]],
  }),
);

/** The language of the city `seed` of `country` (upper case). */
export function languageOf(country: string, seed: number): Lang {
  const mix = MIXED.get(country);
  if (!mix) return LANGS[COUNTRY_LANG.get(country) ?? "en"];
  const roll = hash32("street-lang", country, seed) % 100;
  return LANGS[mix.find(([, upTo]) => roll < upTo)![0]];
}
