/**
 * Generated artwork for listings without a provider's photo (issue 15): an SVG scene that shows what the listing is
 * (a bowl of noodles for a Vietnamese restaurant, a pizza for an Italian one, a hotel with its stars, the body of a
 * car of its category, a house or an apartment block, a plane, a parcel) with the subject as its caption. It is
 * honestly an illustration, never a pixel size or a fake photo. Deterministic: the same subject, the same picture.
 */

export const ARTWORK_KINDS = ['restaurant', 'hotel', 'car', 'property', 'flight', 'shipping', 'taxi', 'service'] as const;
export type ArtworkKind = (typeof ARTWORK_KINDS)[number];

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const SKIES: Record<ArtworkKind, readonly [string, string]> = {
  restaurant: ['#fff7ed', '#fed7aa'],
  hotel: ['#e0f2fe', '#bae6fd'],
  car: ['#f1f5f9', '#cbd5e1'],
  property: ['#ecfccb', '#bbf7d0'],
  flight: ['#dbeafe', '#93c5fd'],
  shipping: ['#fef9c3', '#fde68a'],
  taxi: ['#fefce8', '#fde047'],
  service: ['#f5f3ff', '#ddd6fe'],
};

const ACCENTS = ['#dc2626', '#ea580c', '#16a34a', '#0891b2', '#4f46e5', '#c026d3', '#0f766e', '#b45309'];

/** The dish a cuisine is drawn as. */
function dishOf(cuisine: string): 'noodles' | 'pizza' | 'taco' | 'curry' | 'burger' | 'sushi' | 'plate' {
  const c = cuisine.toLowerCase();
  if (/(vietnam|thai|chinese|korean|pho|ramen|noodle)/.test(c)) return 'noodles';
  if (/(japan|sushi)/.test(c)) return 'sushi';
  if (/(italian|pizza)/.test(c)) return 'pizza';
  if (/(mexican|peruvian|brazilian|argentine)/.test(c)) return 'taco';
  if (/(indian|ethiopian|moroccan|lebanese|turkish|curry)/.test(c)) return 'curry';
  if (/(american|british|german|burger)/.test(c)) return 'burger';
  return 'plate';
}

function restaurantScene(subject: string, accent: string): string {
  const plate = '<ellipse cx="200" cy="170" rx="120" ry="70" fill="#ffffff" stroke="#e5e7eb" stroke-width="4"/>';
  switch (dishOf(subject)) {
    case 'noodles':
      return `${plate}<path d="M110 150 Q200 250 290 150 Z" fill="${accent}"/><path d="M125 150 Q160 135 200 150 T275 150" stroke="#fde68a" stroke-width="6" fill="none"/><path d="M135 158 Q170 143 205 158 T270 158" stroke="#fde68a" stroke-width="5" fill="none"/><circle cx="180" cy="148" r="10" fill="#16a34a"/><circle cx="225" cy="146" r="8" fill="#f87171"/><line x1="240" y1="60" x2="300" y2="150" stroke="#92400e" stroke-width="6"/><line x1="255" y1="55" x2="310" y2="148" stroke="#92400e" stroke-width="6"/>`;
    case 'sushi':
      return `${plate}${[140, 200, 260].map((x) => `<rect x="${x - 25}" y="145" width="50" height="40" rx="10" fill="#ffffff" stroke="#111827" stroke-width="6"/><rect x="${x - 20}" y="138" width="40" height="16" rx="6" fill="${accent}"/>`).join('')}`;
    case 'pizza':
      return `${plate}<circle cx="200" cy="165" r="85" fill="#f59e0b"/><circle cx="200" cy="165" r="72" fill="#dc2626"/>${[0, 60, 120, 180, 240, 300]
        .map((a) => `<line x1="200" y1="165" x2="${200 + 72 * Math.cos((a * Math.PI) / 180)}" y2="${165 + 72 * Math.sin((a * Math.PI) / 180)}" stroke="#f59e0b" stroke-width="4"/>`)
        .join('')}<circle cx="175" cy="140" r="10" fill="#fef3c7"/><circle cx="230" cy="180" r="10" fill="#fef3c7"/><circle cx="190" cy="200" r="7" fill="#166534"/>`;
    case 'taco':
      return `${plate}<path d="M115 190 A85 85 0 0 1 285 190 Z" fill="#fbbf24"/><path d="M135 185 Q200 120 265 185" stroke="#16a34a" stroke-width="14" fill="none"/><circle cx="180" cy="165" r="9" fill="${accent}"/><circle cx="220" cy="160" r="9" fill="${accent}"/>`;
    case 'curry':
      return `${plate}<ellipse cx="165" cy="170" rx="55" ry="35" fill="#fef3c7"/><ellipse cx="240" cy="170" rx="50" ry="32" fill="${accent}"/><circle cx="235" cy="160" r="7" fill="#16a34a"/>`;
    case 'burger':
      return `${plate}<path d="M130 160 Q200 80 270 160 Z" fill="#d97706"/><rect x="125" y="160" width="150" height="12" fill="#16a34a"/><rect x="128" y="172" width="144" height="18" rx="6" fill="#7c2d12"/><rect x="130" y="190" width="140" height="20" rx="8" fill="#d97706"/>`;
    default:
      return `${plate}<ellipse cx="200" cy="170" rx="70" ry="38" fill="${accent}" opacity="0.85"/><line x1="60" y1="110" x2="60" y2="230" stroke="#6b7280" stroke-width="6"/><line x1="340" y1="110" x2="340" y2="230" stroke="#6b7280" stroke-width="6"/>`;
  }
}

function hotelScene(subject: string, accent: string): string {
  const stars = Math.min(5, Math.max(0, Number(/(\d)/.exec(subject)?.[1] ?? 0)));
  const windows: string[] = [];
  for (let row = 0; row < 4; row++) for (let col = 0; col < 5; col++) windows.push(`<rect x="${135 + col * 28}" y="${95 + row * 32}" width="16" height="20" fill="#fde68a"/>`);
  const starRow = Array.from({ length: stars }, (_, i) => `<text x="${200 - (stars - 1) * 14 + i * 28}" y="72" text-anchor="middle" font-size="26" fill="#f59e0b">★</text>`).join('');
  return `<rect x="120" y="80" width="160" height="170" fill="${accent}"/>${windows.join('')}<rect x="185" y="215" width="30" height="35" fill="#1f2937"/>${starRow}`;
}

function carScene(subject: string, accent: string, taxi = false): string {
  const tall = /(suv|van|truck|minivan|xl)/i.test(subject);
  const body = tall
    ? `<path d="M80 200 L95 130 L300 130 L325 170 L330 200 Z" fill="${accent}"/><rect x="110" y="140" width="80" height="30" fill="#e0f2fe"/><rect x="200" y="140" width="85" height="30" fill="#e0f2fe"/>`
    : `<path d="M70 200 L85 165 L140 160 L175 125 L265 125 L305 160 L335 170 L340 200 Z" fill="${accent}"/><path d="M182 133 L260 133 L290 160 L160 160 Z" fill="#e0f2fe"/>`;
  const sign = taxi ? '<rect x="185" y="105" width="50" height="20" rx="4" fill="#111827"/><text x="210" y="120" text-anchor="middle" font-size="12" fill="#facc15" font-family="system-ui, sans-serif">TAXI</text>' : '';
  return `<rect x="0" y="220" width="400" height="80" fill="#9ca3af"/>${body}${sign}<circle cx="130" cy="205" r="24" fill="#111827"/><circle cx="130" cy="205" r="10" fill="#9ca3af"/><circle cx="285" cy="205" r="24" fill="#111827"/><circle cx="285" cy="205" r="10" fill="#9ca3af"/>`;
}

function propertyScene(subject: string, accent: string): string {
  if (/(apartment|condo|studio|loft|penthouse|room)/i.test(subject)) {
    const windows: string[] = [];
    for (let row = 0; row < 5; row++) for (let col = 0; col < 3; col++) windows.push(`<rect x="${165 + col * 26}" y="${75 + row * 30}" width="14" height="18" fill="#e0f2fe"/>`);
    return `<rect x="150" y="60" width="100" height="190" fill="${accent}"/>${windows.join('')}<rect x="60" y="140" width="70" height="110" fill="#94a3b8"/><rect x="270" y="120" width="80" height="130" fill="#94a3b8"/>`;
  }
  return `<rect x="0" y="240" width="400" height="60" fill="#65a30d"/><polygon points="110,140 200,70 290,140" fill="#7c2d12"/><rect x="125" y="140" width="150" height="100" fill="${accent}"/><rect x="185" y="180" width="30" height="60" fill="#1f2937"/><rect x="140" y="160" width="30" height="25" fill="#e0f2fe"/><rect x="230" y="160" width="30" height="25" fill="#e0f2fe"/>`;
}

const flightScene = (accent: string) =>
  `<path d="M60 170 L300 150 Q345 148 345 165 Q345 182 300 180 L60 175 Z" fill="#ffffff" stroke="#94a3b8" stroke-width="3"/><path d="M170 160 L130 95 L160 95 L230 158 Z" fill="${accent}"/><path d="M180 178 L140 240 L170 240 L235 180 Z" fill="${accent}"/><path d="M70 168 L55 125 L80 125 L105 166 Z" fill="${accent}"/>`;

const shippingScene = (accent: string) =>
  `<rect x="120" y="100" width="160" height="120" fill="#d6a461" stroke="#92400e" stroke-width="4"/><rect x="190" y="100" width="20" height="120" fill="#b45309"/><rect x="150" y="180" width="50" height="22" fill="#ffffff"/><path d="M90 235 L310 235" stroke="${accent}" stroke-width="8"/>`;

const serviceScene = (accent: string) =>
  `<circle cx="200" cy="150" r="80" fill="${accent}" opacity="0.9"/><path d="M165 150 L190 175 L240 120" stroke="#ffffff" stroke-width="16" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;

/** The SVG (any size; drawn on a 400 x 300 canvas) for a listing of `kind` about `subject`. */
export function artworkSvg(width: number, height: number, kind: ArtworkKind, subject: string): string {
  const caption = subject.trim().slice(0, 40) || kind;
  const accent = ACCENTS[hash(`${kind}|${caption}`) % ACCENTS.length];
  const [from, to] = SKIES[kind];
  const scene = {
    restaurant: () => restaurantScene(caption, accent),
    hotel: () => hotelScene(caption, accent),
    car: () => carScene(caption, accent),
    taxi: () => carScene(caption, '#facc15', true),
    property: () => propertyScene(caption, accent),
    flight: () => flightScene(accent),
    shipping: () => shippingScene(accent),
    service: () => serviceScene(accent),
  }[kind]();
  const label = `${caption} (illustration)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 300" preserveAspectRatio="xMidYMid slice" role="img" aria-label="${escapeXml(label)}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="400" height="300" fill="url(#sky)"/>
${scene}
<rect x="0" y="262" width="400" height="38" fill="#111827" fill-opacity="0.55"/>
<text x="200" y="287" text-anchor="middle" font-family="system-ui, sans-serif" font-size="18" fill="#ffffff">${escapeXml(caption)}</text>
</svg>`;
}
