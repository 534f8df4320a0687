/**
 * Sales taxes by the place a listing is in (issue 26: "taxes per the listing's place").
 *
 * The table below is a deployment's choice, not tax advice: it holds the general consumption-tax rates of the Canadian
 * provinces and territories (GST, HST, PST/QST/RST as of 2025) and the state-level sales tax of a few US states (no
 * county or city surtaxes). Exemptions (BC does not charge PST on restaurant meals, residential rent is exempt in most
 * places, ...) are not modelled: a deployment that needs them edits this table and `taxRateFor`. A place the table does
 * not know (another country, a US state not listed, a listing with no place) is charged no tax and shows no tax line.
 *
 * Rates are kept in thousandths of a percent (13% = 13_000, Quebec's QST 9.975% = 9_975), so every rate in the table
 * is an integer and tax is computed with integer arithmetic (see `taxOnCents`).
 */

/** One tax of a place, e.g. HST 13%: its name and rate in thousandths of a percent. */
export type TaxPart = { name: string; milliPercent: number };

/** The taxes charged in one place: the place's name (for the label) and its parts (charged together as one rate). */
export type TaxRate = { key: string; place: string; parts: TaxPart[] };

const GST: TaxPart = { name: 'GST', milliPercent: 5_000 };
const hst = (percent: number): TaxPart[] => [{ name: 'HST', milliPercent: percent * 1000 }];

/** Canadian provinces and territories by their postal abbreviation. */
const CANADA: Record<string, { name: string; parts: TaxPart[] }> = {
  AB: { name: 'Alberta', parts: [GST] },
  BC: { name: 'British Columbia', parts: [GST, { name: 'PST', milliPercent: 7_000 }] },
  MB: { name: 'Manitoba', parts: [GST, { name: 'RST', milliPercent: 7_000 }] },
  NB: { name: 'New Brunswick', parts: hst(15) },
  NL: { name: 'Newfoundland and Labrador', parts: hst(15) },
  NS: { name: 'Nova Scotia', parts: hst(14) },
  NT: { name: 'Northwest Territories', parts: [GST] },
  NU: { name: 'Nunavut', parts: [GST] },
  ON: { name: 'Ontario', parts: hst(13) },
  PE: { name: 'Prince Edward Island', parts: hst(15) },
  QC: { name: 'Quebec', parts: [GST, { name: 'QST', milliPercent: 9_975 }] },
  SK: { name: 'Saskatchewan', parts: [GST, { name: 'PST', milliPercent: 6_000 }] },
  YT: { name: 'Yukon', parts: [GST] },
};

/** A few US states: state-level sales tax only. */
const US: Record<string, { name: string; parts: TaxPart[] }> = {
  CA: { name: 'California', parts: [{ name: 'Sales tax', milliPercent: 7_250 }] },
  FL: { name: 'Florida', parts: [{ name: 'Sales tax', milliPercent: 6_000 }] },
  IL: { name: 'Illinois', parts: [{ name: 'Sales tax', milliPercent: 6_250 }] },
  MA: { name: 'Massachusetts', parts: [{ name: 'Sales tax', milliPercent: 6_250 }] },
  NY: { name: 'New York', parts: [{ name: 'Sales tax', milliPercent: 4_000 }] },
  TX: { name: 'Texas', parts: [{ name: 'Sales tax', milliPercent: 6_250 }] },
  WA: { name: 'Washington', parts: [{ name: 'Sales tax', milliPercent: 6_500 }] },
};

/** Every taxed place, keyed 'CA-ON', 'US-NY', ... */
export const TAX_TABLE: Readonly<Record<string, TaxRate>> = Object.fromEntries([
  ...Object.entries(CANADA).map(([abbr, p]) => [`CA-${abbr}`, { key: `CA-${abbr}`, place: p.name, parts: p.parts }]),
  ...Object.entries(US).map(([abbr, p]) => [`US-${abbr}`, { key: `US-${abbr}`, place: p.name, parts: p.parts }]),
]);

/** The rate of a place key, or null when the place is not taxed here (the default: no tax). */
export function taxRateFor(key: string | null | undefined): TaxRate | null {
  return key ? (TAX_TABLE[key] ?? null) : null;
}

/** A rate's total in thousandths of a percent (GST 5% + PST 6% = 11_000). */
export function milliPercentOf(rate: TaxRate): number {
  return rate.parts.reduce((sum, p) => sum + p.milliPercent, 0);
}

/** '13', '9.975', '7.25' */
function percentText(milliPercent: number): string {
  return String(milliPercent / 1000);
}

/** 'Tax (HST 13%, Ontario)', 'Tax (GST 5% + PST 6%, Saskatchewan)', 'Tax (Sales tax 4%, New York)'. */
export function taxLabel(rate: TaxRate): string {
  return `Tax (${rate.parts.map((p) => `${p.name} ${percentText(p.milliPercent)}%`).join(' + ')}, ${rate.place})`;
}

/**
 * Tax on an amount in cents at a rate in thousandths of a percent, rounded half up to the cent once (never per part
 * or per line). Integer arithmetic: exact for any booking the database can hold.
 */
export function taxOnCents(baseCents: number, milliPercent: number): number {
  if (baseCents <= 0 || milliPercent <= 0) return 0;
  return Math.floor((baseCents * milliPercent + 50_000) / 100_000);
}

const CA_NAMES = Object.entries(CANADA).map(([abbr, p]) => ({ abbr, name: p.name.toLowerCase() }));
const US_NAMES = Object.entries(US).map(([abbr, p]) => ({ abbr, name: p.name.toLowerCase() }));
// ', ON', ', ON M5V 2B5', ', SK S4P' at the end of a part: an address's province.
const CA_ABBR = /^(AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)(?:\s+[A-Z]\d[A-Z](?:\s*\d[A-Z]\d)?)?$/;
// ', NY', ', NY 10001' at the end of a part: a US state.
const US_ABBR = /^([A-Z]{2})(?:\s+\d{5}(?:-\d{4})?)?$/;
const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/**
 * The tax place of an address or location text, from what it says: a Canadian province or a US state, by name or by
 * postal abbreviation after a comma ('578 Queen St W, Toronto, ON M5V 2B5' -> 'CA-ON', 'New York, USA' -> 'US-NY',
 * 'Saskatchewan and Alberta' -> 'CA-SK': the first named). Null when the text names no place of the table (the
 * server then asks the location directory which province or state a named city is in).
 */
export function taxPlaceOfText(text: string): string | null {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  // Abbreviations only count after the first part ('ON' alone is not an address).
  for (const part of parts.slice(1)) {
    const ca = CA_ABBR.exec(part);
    if (ca) return `CA-${ca[1]}`;
    const us = US_ABBR.exec(part);
    if (us && US[us[1]]) return `US-${us[1]}`;
  }
  const folded = ` ${fold(text).replace(/[^a-z]+/g, ' ')} `;
  let best: { key: string; at: number } | null = null;
  for (const { abbr, name } of CA_NAMES) {
    const at = folded.indexOf(` ${name} `);
    if (at >= 0 && (!best || at < best.at)) best = { key: `CA-${abbr}`, at };
  }
  for (const { abbr, name } of US_NAMES) {
    // 'Washington' alone is as likely the capital as the state: only with the state named as such.
    if (abbr === 'WA' && !/washington state|washington,? (usa|united states)/.test(fold(text))) continue;
    const at = folded.indexOf(` ${name} `);
    if (at >= 0 && (!best || at < best.at)) best = { key: `US-${abbr}`, at };
  }
  return best?.key ?? null;
}
