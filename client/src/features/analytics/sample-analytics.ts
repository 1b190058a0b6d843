// The brand analytics dashboard's figures (SPEC section 3, "Sample analytics data"): hard-coded
// sample data, in this one module. The spec shows no data loader, so nothing here is fetched; when
// real figures arrive they replace this module and the charts keep their shapes.

// Type aliases rather than interfaces: the chart library takes rows as plain string-keyed records.
export type ScanItem = {
  name: string;
  totalScans: number;
  uniqueScans: number;
  registries: number;
};

export type CountryScans = {
  /** Short country code, as the chart's axis and the map show it. */
  country: string;
  scans: number;
};

export type RegistryType = 'EMAIL' | 'SOCIALS' | 'WALLET';

export interface RegistryCategory {
  id: RegistryType;
  value: number;
  label: string;
}

/** Scans and registries per piece of gear: the first small chart. */
export const items: ScanItem[] = [
  { name: 'Hoodie', totalScans: 1240, uniqueScans: 860, registries: 310 },
  { name: 'Wristband', totalScans: 980, uniqueScans: 702, registries: 256 },
  { name: 'Neon Cap', totalScans: 640, uniqueScans: 455, registries: 148 },
  { name: 'Glow Band', totalScans: 520, uniqueScans: 388, registries: 102 },
  { name: 'Deck 03', totalScans: 410, uniqueScans: 296, registries: 84 },
];

/** The same measures per campaign: 'CAMPAIGN RESULTS'. */
export const campaigns: ScanItem[] = [
  { name: 'Summit Drop', totalScans: 1510, uniqueScans: 1080, registries: 352 },
  { name: 'Night Run', totalScans: 1160, uniqueScans: 842, registries: 281 },
  { name: 'Harbor Jam', totalScans: 690, uniqueScans: 489, registries: 167 },
  { name: 'Trail Week', totalScans: 430, uniqueScans: 290, registries: 100 },
];

/** Scans per country; they add up to the total scans. */
export const country: CountryScans[] = [
  { country: 'US', scans: 1420 },
  { country: 'UK', scans: 610 },
  { country: 'DE', scans: 480 },
  { country: 'JP', scans: 390 },
  { country: 'CA', scans: 340 },
  { country: 'AU', scans: 300 },
  { country: 'BR', scans: 250 },
];

/** How people registered; they add up to the registries. WALLET (36°) is too thin for a label. */
export const categories: RegistryCategory[] = [
  { id: 'EMAIL', value: 468, label: 'EMAIL' },
  { id: 'SOCIALS', value: 342, label: 'SOCIALS' },
  { id: 'WALLET', value: 90, label: 'WALLET' },
];

const sum = (list: ScanItem[], key: keyof Omit<ScanItem, 'name'>) => list.reduce((total, item) => total + item[key], 0);

/** SCAN DETAILS: this period's totals (from the items) and last week's, for comparison. */
export const scanDetails = {
  totalScans: { current: sum(items, 'totalScans'), lastWeek: 3312 },
  uniqueScans: { current: sum(items, 'uniqueScans'), lastWeek: 2430 },
  registries: { current: sum(items, 'registries'), lastWeek: 774 },
};
