import type { LocationSource, LocationType } from '../../../domain/locations/search';

/** A hand-picked directory entry; airports carry their IATA code so the generated airport list skips them. */
export type CuratedEntry = LocationSource & { iata?: string };

type Place = [name: string, type: LocationType, lat: number, lng: number, street?: string];

function place(
  city: string,
  region: { name: string; abbr?: string },
  country: string,
): (p: Place, iata?: string) => CuratedEntry {
  return ([name, type, lat, lng, street], iata) => ({
    id: `curated-${`${city}-${name}`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')}`,
    name,
    address: [street ?? name, city, region.name, country].filter(Boolean).join(', '),
    city,
    country,
    type,
    lat,
    lng,
    ...(region.abbr ? { provinceAbbr: region.abbr } : {}),
    ...(iata ? { iata } : {}),
  });
}

const regina = place('Regina', { name: 'Saskatchewan', abbr: 'SK' }, 'Canada');
const toronto = place('Toronto', { name: 'Ontario', abbr: 'ON' }, 'Canada');
const vancouver = place('Vancouver', { name: 'British Columbia', abbr: 'BC' }, 'Canada');
const montreal = place('Montréal', { name: 'Quebec', abbr: 'QC' }, 'Canada');
const calgary = place('Calgary', { name: 'Alberta', abbr: 'AB' }, 'Canada');
const newYork = place('New York', { name: 'New York' }, 'United States');
const london = place('London', { name: 'England' }, 'United Kingdom');
const paris = place('Paris', { name: 'Île-de-France' }, 'France');

/**
 * Streets, landmarks, neighbourhoods and airports with real coordinates (WGS 84, about 100 m precision), with
 * extra depth for Regina (spec 000 section 3: "extra entries for one Canadian city").
 */
export const CURATED_LOCATIONS: readonly CuratedEntry[] = [
  // Regina
  regina(['Albert Street', 'street', 50.4475, -104.6186]),
  regina(['Victoria Avenue', 'street', 50.4477, -104.605]),
  regina(['Broad Street', 'street', 50.451, -104.6005]),
  regina(['Saskatchewan Drive', 'street', 50.453, -104.613]),
  regina(['13th Avenue', 'street', 50.442, -104.63]),
  regina(['Dewdney Avenue', 'street', 50.4568, -104.6256]),
  regina(['Wascana Centre', 'landmark', 50.435, -104.6, '2900 Wascana Dr']),
  regina(['Saskatchewan Legislative Building', 'landmark', 50.4326, -104.6153, '2405 Legislative Dr']),
  regina(['Royal Saskatchewan Museum', 'landmark', 50.4396, -104.6114, '2445 Albert St']),
  regina(['Mosaic Stadium', 'landmark', 50.4517, -104.6362, '1734 Elphinstone St']),
  regina(['RCMP Heritage Centre', 'landmark', 50.4524, -104.668, '5907 Dewdney Ave']),
  regina(['Cornwall Centre', 'landmark', 50.449, -104.6105, '2102 11th Ave']),
  regina(['Victoria Park', 'landmark', 50.4475, -104.6105]),
  regina(['University of Regina', 'landmark', 50.4155, -104.5884, '3737 Wascana Pkwy']),
  regina(['Cathedral', 'neighborhood', 50.446, -104.631]),
  regina(['Downtown Regina', 'neighborhood', 50.448, -104.612]),
  regina(['Harbour Landing', 'neighborhood', 50.4124, -104.6719]),
  regina(['Lakeview', 'neighborhood', 50.432, -104.627]),
  regina(['Regina International Airport (YQR)', 'airport', 50.4319, -104.6658, '5201 Regina Ave'], 'YQR'),
  // Toronto
  toronto(['Yonge Street', 'street', 43.6561, -79.3802]),
  toronto(['Main Street', 'street', 43.6889, -79.3012]),
  toronto(['Queen Street West', 'street', 43.6487, -79.397]),
  toronto(['King Street West', 'street', 43.6455, -79.391]),
  toronto(['Bay Street', 'street', 43.651, -79.381]),
  toronto(['CN Tower', 'landmark', 43.6426, -79.3871, '290 Bremner Blvd']),
  toronto(['Union Station', 'landmark', 43.6453, -79.3806, '65 Front St W']),
  toronto(['Royal Ontario Museum', 'landmark', 43.6677, -79.3948, '100 Queens Park']),
  toronto(['Distillery District', 'neighborhood', 43.6503, -79.3596]),
  toronto(['Kensington Market', 'neighborhood', 43.6547, -79.4005]),
  toronto(['Yorkville', 'neighborhood', 43.6709, -79.3933]),
  toronto(['Harbourfront', 'neighborhood', 43.6387, -79.3817]),
  toronto(['Entertainment District', 'neighborhood', 43.6465, -79.39]),
  toronto(['Liberty Village', 'neighborhood', 43.6379, -79.421]),
  toronto(['Leslieville', 'neighborhood', 43.6626, -79.33]),
  toronto(['Toronto Pearson International Airport (YYZ)', 'airport', 43.6777, -79.6248, '6301 Silver Dart Dr, Mississauga'], 'YYZ'),
  toronto(['Billy Bishop Toronto City Airport (YTZ)', 'airport', 43.6275, -79.3962], 'YTZ'),
  // Vancouver
  vancouver(['Granville Street', 'street', 49.28, -123.1207]),
  vancouver(['Robson Street', 'street', 49.285, -123.124]),
  vancouver(['Main Street', 'street', 49.2606, -123.1008]),
  vancouver(['Stanley Park', 'landmark', 49.3043, -123.1443]),
  vancouver(['Canada Place', 'landmark', 49.2888, -123.1111, '999 Canada Pl']),
  vancouver(['Granville Island', 'landmark', 49.2712, -123.134]),
  vancouver(['Gastown', 'neighborhood', 49.2838, -123.109]),
  vancouver(['Kitsilano', 'neighborhood', 49.2684, -123.1683]),
  vancouver(['Yaletown', 'neighborhood', 49.2757, -123.1216]),
  vancouver(['Coal Harbour', 'neighborhood', 49.2905, -123.122]),
  vancouver(['Vancouver International Airport (YVR)', 'airport', 49.1967, -123.1815, '3211 Grant McConachie Way, Richmond'], 'YVR'),
  // Montréal
  montreal(['Rue Sainte-Catherine', 'street', 45.5048, -73.572]),
  montreal(['Boulevard Saint-Laurent', 'street', 45.5108, -73.5695]),
  montreal(['Mount Royal Park', 'landmark', 45.5048, -73.5874]),
  montreal(['Notre-Dame Basilica', 'landmark', 45.5045, -73.5562, '110 Notre-Dame St W']),
  montreal(['Old Montréal', 'neighborhood', 45.5075, -73.554]),
  montreal(['Plateau Mont-Royal', 'neighborhood', 45.5225, -73.581]),
  montreal(['Montréal-Trudeau International Airport (YUL)', 'airport', 45.4706, -73.7408, '975 Roméo-Vachon Blvd N, Dorval'], 'YUL'),
  // Calgary
  calgary(['Stephen Avenue', 'street', 51.0459, -114.066]),
  calgary(['17th Avenue SW', 'street', 51.0379, -114.084]),
  calgary(['Calgary Tower', 'landmark', 51.0442, -114.0631, '101 9 Ave SW']),
  calgary(['Stampede Park', 'landmark', 51.0375, -114.0519]),
  calgary(['Beltline', 'neighborhood', 51.04, -114.075]),
  calgary(['Kensington', 'neighborhood', 51.0527, -114.088]),
  calgary(['Calgary International Airport (YYC)', 'airport', 51.1215, -114.0076, '2000 Airport Rd NE'], 'YYC'),
  // New York
  newYork(['Fifth Avenue', 'street', 40.759, -73.977]),
  newYork(['Broadway', 'street', 40.759, -73.9845]),
  newYork(['Wall Street', 'street', 40.706, -74.0088]),
  newYork(['Times Square', 'landmark', 40.758, -73.9855]),
  newYork(['Central Park', 'landmark', 40.7829, -73.9654]),
  newYork(['Empire State Building', 'landmark', 40.7484, -73.9857, '20 W 34th St']),
  newYork(['Statue of Liberty', 'landmark', 40.6892, -74.0445, 'Liberty Island']),
  newYork(['SoHo', 'neighborhood', 40.7233, -74.003]),
  newYork(['Harlem', 'neighborhood', 40.8116, -73.9465]),
  newYork(['Williamsburg', 'neighborhood', 40.7081, -73.9571, 'Williamsburg, Brooklyn']),
  newYork(['John F. Kennedy International Airport (JFK)', 'airport', 40.6413, -73.7781, 'Queens'], 'JFK'),
  newYork(['LaGuardia Airport (LGA)', 'airport', 40.7769, -73.874, 'Queens'], 'LGA'),
  // London
  london(['Oxford Street', 'street', 51.5152, -0.1418]),
  london(['Baker Street', 'street', 51.5226, -0.1571]),
  london(['Abbey Road', 'street', 51.532, -0.178]),
  london(['Big Ben', 'landmark', 51.5007, -0.1246, 'Westminster']),
  london(['Tower of London', 'landmark', 51.5081, -0.0759]),
  london(['British Museum', 'landmark', 51.5194, -0.127, 'Great Russell St']),
  london(['Buckingham Palace', 'landmark', 51.5014, -0.1419]),
  london(['Camden Town', 'neighborhood', 51.539, -0.1426]),
  london(['Soho', 'neighborhood', 51.5136, -0.1365, 'Soho, Westminster']),
  london(['Shoreditch', 'neighborhood', 51.5265, -0.078]),
  london(['South Kensington', 'neighborhood', 51.4941, -0.1738]),
  london(['Canary Wharf', 'neighborhood', 51.5054, -0.0235]),
  london(['London Heathrow Airport (LHR)', 'airport', 51.47, -0.4543, 'Hounslow'], 'LHR'),
  // Paris
  paris(['Avenue des Champs-Élysées', 'street', 48.8698, 2.3076]),
  paris(['Rue de Rivoli', 'street', 48.8606, 2.34]),
  paris(['Boulevard Saint-Germain', 'street', 48.8539, 2.3336]),
  paris(['Eiffel Tower', 'landmark', 48.8584, 2.2945, 'Champ de Mars, 5 Av. Anatole France']),
  paris(['Louvre Museum', 'landmark', 48.8606, 2.3376, 'Rue de Rivoli']),
  paris(['Notre-Dame de Paris', 'landmark', 48.853, 2.3499, 'Île de la Cité']),
  paris(['Arc de Triomphe', 'landmark', 48.8738, 2.295, 'Place Charles de Gaulle']),
  paris(['Le Marais', 'neighborhood', 48.859, 2.362]),
  paris(['Montmartre', 'neighborhood', 48.8867, 2.3431]),
  paris(['Latin Quarter', 'neighborhood', 48.8493, 2.347]),
  paris(['Paris Charles de Gaulle Airport (CDG)', 'airport', 49.0097, 2.5479, 'Roissy-en-France'], 'CDG'),
];
