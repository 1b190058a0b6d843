import { Link } from 'react-router-dom';
import { BadgeGlyph, BannerGlyph, FolderGlyph, MediaGlyph, NewsGlyph, RewardGlyph } from './dashboard-icons';
import styles from './dashboard.module.css';

// UPLOAD (SPEC section 2): six tiles, placeholders that lead home until uploads are built.
const TILES = [
  { label: 'NEWS UPDATES', glyph: <NewsGlyph /> },
  { label: 'MEDIA', glyph: <MediaGlyph /> },
  { label: 'BADGES/FLAIRS', glyph: <BadgeGlyph /> },
  { label: 'REWARD', glyph: <RewardGlyph /> },
  { label: 'BANNER', glyph: <BannerGlyph /> },
  { label: 'SEE UPLOADS', glyph: <FolderGlyph /> },
];

export function UploadPanel() {
  return (
    <section className={`${styles.panel} ${styles.upload}`} aria-labelledby="upload-title">
      <h2 id="upload-title" className={styles.panelTitle}>
        UPLOAD
      </h2>
      <ul className={styles.tiles}>
        {TILES.map((tile) => (
          <li key={tile.label}>
            <Link to="/" className={styles.tile}>
              <span className={styles.tileGlyph}>{tile.glyph}</span>
              <span className={styles.tileLabel}>{tile.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
