import worldMap from './assets/world-map.svg';
import { formatCount } from './format';
import type { CountryScans } from './sample-analytics';
import styles from './analytics.module.css';

// The map image (assets/world-map.svg, drawn for us: no outside tiles) with a glow per country
// sized by its scans. The map is equirectangular from 84°N to 58°S, so a place's position is its
// longitude and latitude scaled.

const NORTH = 84;
const SOUTH = -58;

type LabelSide = 'above' | 'below' | 'left' | 'right';

/** Where each country's marker sits ([longitude, latitude] near its middle) and its label, clear of its neighbours. */
const PLACES: Record<string, { at: [number, number]; label: LabelSide }> = {
  US: { at: [-98, 39], label: 'below' },
  CA: { at: [-106, 56], label: 'above' },
  UK: { at: [-2, 53], label: 'left' },
  DE: { at: [10, 51], label: 'right' },
  JP: { at: [138, 36], label: 'below' },
  AU: { at: [134, -25], label: 'below' },
  BR: { at: [-52, -11], label: 'below' },
};

export function mapPosition(longitude: number, latitude: number): { left: string; top: string } {
  return {
    left: `${((longitude + 180) / 360) * 100}%`,
    top: `${((NORTH - latitude) / (NORTH - SOUTH)) * 100}%`,
  };
}

export function ScanMap({ data }: { data: CountryScans[] }) {
  const most = Math.max(...data.map((d) => d.scans), 1);
  return (
    <figure className={`${styles.card} ${styles.mapCard}`} data-chart="SCAN MAP">
      <figcaption className={styles.cardTitle}>SCAN MAP</figcaption>
      <div className={styles.map}>
        <img src={worldMap} alt="World map of where gear was scanned" className={styles.mapImage} />
        {data
          .filter((d) => PLACES[d.country])
          .map((d) => {
            const { at, label } = PLACES[d.country];
            const [longitude, latitude] = at;
            const size = 10 + 26 * Math.sqrt(d.scans / most);
            return (
              <span
                key={d.country}
                className={styles.marker}
                style={{ ...mapPosition(longitude, latitude), width: size, height: size }}
                title={`${d.country}: ${formatCount(d.scans)} scans`}
              >
                <span className={styles.markerLabel} data-side={label}>
                  {d.country}
                </span>
              </span>
            );
          })}
      </div>
    </figure>
  );
}
