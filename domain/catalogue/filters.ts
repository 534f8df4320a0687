/**
 * Matching rules of the catalogue filters that are not plain column comparisons, shared by the server (which
 * filters) and the screens (which may explain a match).
 */

/** Lower case without diacritics ("Montréal" -> "montreal"). */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
}

/** The city part of a location picker string: "Toronto, Ontario, Canada" -> "Toronto". */
export function cityPart(text: string): string {
  return text.split(',')[0].replace(/\([^)]*\)/g, ' ').replace(/\s+/g, ' ').trim();
}

/** The IATA code in a picker string such as "Toronto Pearson International Airport (YYZ)", upper case. */
export function iataPart(text: string): string | undefined {
  return /\(([A-Za-z]{3})\)/.exec(text)?.[1].toUpperCase();
}

/**
 * Whether a flight city ("Toronto") matches what the customer typed or picked: the city itself in any case,
 * "Toronto, Canada", "New York City", "Toronto Pearson International Airport (YYZ)" (the leading city words),
 * or an airport whose IATA code `cityOfIata` resolves to the city ("Lester B Pearson International Airport (YYZ)").
 */
export function flightCityMatches(input: string, city: string, cityOfIata?: (code: string) => string | undefined): boolean {
  const c = fold(city);
  if (c.length === 0) return false;
  const code = iataPart(input);
  if (code && cityOfIata) {
    const resolved = cityOfIata(code);
    if (resolved !== undefined && fold(resolved) === c) return true;
  }
  const head = fold(cityPart(input));
  return head === c || head.startsWith(`${c} `);
}
