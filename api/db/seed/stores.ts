/**
 * Harvest Market's stores: real shopping-centre street addresses across the north-east, spread
 * out so "nearest store" means something. Coordinates are the addresses' positions (to within a
 * few hundred metres); phone numbers use the 555-01xx range reserved for fiction.
 */
export interface StoreSeed {
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  lat: number;
  lng: number;
  disclaimer?: string;
  hours: Hours;
}

/** Opening hours: [opens, closes] for Monday–Saturday and for Sunday, store-local "HH:MM". */
interface Hours {
  weekday: [string, string];
  sunday: [string, string];
}

const STANDARD: Hours = { weekday: ["07:00", "22:00"], sunday: ["08:00", "20:00"] };
const LONG: Hours = { weekday: ["06:00", "23:00"], sunday: ["07:00", "21:00"] };
const SHORT: Hours = { weekday: ["08:00", "21:00"], sunday: ["09:00", "18:00"] };

export const STORES: StoreSeed[] = [
  {
    name: "Princeton",
    address: "301 N Harrison St",
    city: "Princeton",
    state: "NJ",
    zip: "08540",
    phone: "(609) 555-0142",
    lat: 40.3616,
    lng: -74.6495,
    hours: STANDARD,
    disclaimer: "Curbside pickup spaces are at the north end of the Princeton Shopping Center lot.",
  },
  {
    name: "Montclair",
    address: "701 Bloomfield Ave",
    city: "Montclair",
    state: "NJ",
    zip: "07042",
    phone: "(973) 555-0118",
    lat: 40.8139,
    lng: -74.2209,
    hours: LONG,
  },
  {
    name: "Hoboken",
    address: "900 Madison St",
    city: "Hoboken",
    state: "NJ",
    zip: "07030",
    phone: "(201) 555-0163",
    lat: 40.7496,
    lng: -74.0355,
    hours: LONG,
    disclaimer: "Street parking only; pickup orders wait at the Customer Service Desk.",
  },
  {
    name: "Lancaster",
    address: "2000 Fruitville Pike",
    city: "Lancaster",
    state: "PA",
    zip: "17601",
    phone: "(717) 555-0127",
    lat: 40.0766,
    lng: -76.3226,
    hours: STANDARD,
  },
  {
    name: "Allentown",
    address: "3900 Tilghman St",
    city: "Allentown",
    state: "PA",
    zip: "18104",
    phone: "(610) 555-0150",
    lat: 40.5968,
    lng: -75.5533,
    hours: STANDARD,
  },
  {
    name: "State College",
    address: "345 Colonnade Blvd",
    city: "State College",
    state: "PA",
    zip: "16803",
    phone: "(814) 555-0109",
    lat: 40.8113,
    lng: -77.8936,
    hours: SHORT,
  },
  {
    name: "Ithaca",
    address: "500 S Meadow St",
    city: "Ithaca",
    state: "NY",
    zip: "14850",
    phone: "(607) 555-0171",
    lat: 42.4336,
    lng: -76.5108,
    hours: STANDARD,
  },
  {
    name: "New Paltz",
    address: "124 Main St",
    city: "New Paltz",
    state: "NY",
    zip: "12561",
    phone: "(845) 555-0134",
    lat: 41.7474,
    lng: -74.0776,
    hours: SHORT,
    disclaimer: "Catering orders for SUNY events need 3 days' notice.",
  },
  {
    name: "West Hartford",
    address: "50 Raymond Rd",
    city: "West Hartford",
    state: "CT",
    zip: "06107",
    phone: "(860) 555-0186",
    lat: 41.7612,
    lng: -72.7419,
    hours: STANDARD,
  },
  {
    name: "Norwalk",
    address: "100 Westport Ave",
    city: "Norwalk",
    state: "CT",
    zip: "06851",
    phone: "(203) 555-0125",
    lat: 41.1192,
    lng: -73.4133,
    hours: LONG,
  },
  {
    name: "Cambridge",
    address: "340 River St",
    city: "Cambridge",
    state: "MA",
    zip: "02139",
    phone: "(617) 555-0193",
    lat: 42.3606,
    lng: -71.1118,
    hours: LONG,
  },
  {
    name: "Hadley",
    address: "327 Russell St",
    city: "Hadley",
    state: "MA",
    zip: "01035",
    phone: "(413) 555-0147",
    lat: 42.3575,
    lng: -72.5662,
    hours: STANDARD,
  },
  {
    name: "Providence",
    address: "261 Waterman St",
    city: "Providence",
    state: "RI",
    zip: "02906",
    phone: "(401) 555-0158",
    lat: 41.8263,
    lng: -71.3925,
    hours: STANDARD,
  },
  {
    name: "Portland",
    address: "295 Forest Ave",
    city: "Portland",
    state: "ME",
    zip: "04101",
    phone: "(207) 555-0112",
    lat: 43.6634,
    lng: -70.2716,
    hours: SHORT,
  },
];
