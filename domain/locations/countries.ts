/** A country as the product shows it: the header picker and the registration forms' country selects. */
export type Country = {
  /** ISO 3166-1 alpha-2 code. */
  code: string;
  name: string;
  /** Flag emoji. */
  flag: string;
  continent: 'Africa' | 'Asia' | 'Europe' | 'North America' | 'South America' | 'Oceania' | 'Antarctica';
  /** International dialling prefix, e.g. "+1" or "+44". */
  phoneCode: string;
  /** ISO 4217 code of the main currency, e.g. "CAD"; empty when none. */
  currency: string;
  /** UN member or otherwise independent: the list the registration forms offer (about 195). */
  sovereign: boolean;
};
