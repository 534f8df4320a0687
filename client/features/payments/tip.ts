/**
 * The tip chooser's rules (issue 26): food deliveries and rides take an optional tip for the driver, as none, a
 * share of the items it is for (10, 15 or 20 %), or an amount the customer types. Pure, so they are tested without
 * a browser; the server checks the tip again (whole cents, food and rides only) and adds it to the breakdown.
 */

export const TIP_PERCENTS = [10, 15, 20] as const;

/** What is chosen: no tip, a percent of the tippable items, or a typed amount (the text as typed). */
export type TipChoice = { kind: 'none' } | { kind: 'percent'; percent: number } | { kind: 'custom'; text: string };

export const NO_TIP: TipChoice = { kind: 'none' };
export const MAX_TIP_DOLLARS = 1000;

/** A typed amount ('5', '$5.50', '5.5') in dollars, or an error message; empty reads as no tip. */
export function parseTipText(text: string): { ok: true; dollars: number } | { ok: false; message: string } {
  const t = text.trim().replace(/^\$/, '').trim();
  if (t === '') return { ok: true, dollars: 0 };
  if (!/^\d+(\.\d{0,2})?$/.test(t)) return { ok: false, message: 'Enter a tip like 5 or 5.50' };
  const dollars = Number(t);
  if (dollars > MAX_TIP_DOLLARS) return { ok: false, message: `Tip must be at most $${MAX_TIP_DOLLARS}` };
  return { ok: true, dollars: Math.round(dollars * 100) / 100 };
}

/** The tip in dollars (whole cents) for a choice, given the items a tip is a share of; null while the typed text is invalid. */
export function tipDollars(choice: TipChoice, tippable: number): number | null {
  switch (choice.kind) {
    case 'none':
      return 0;
    case 'percent':
      return Math.round(Math.round(tippable * 100) * choice.percent / 100) / 100;
    case 'custom': {
      const parsed = parseTipText(choice.text);
      return parsed.ok ? parsed.dollars : null;
    }
  }
}
