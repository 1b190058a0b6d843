import mark from '../assets/logo-mark.svg';
import styles from './logo.module.css';

/** The mark with the TAPQUEST wordmark; decorative when a parent link already names it. */
export function Logo({ size = 'md', decorative = false }: { size?: 'sm' | 'md' | 'lg'; decorative?: boolean }) {
  return (
    <span className={styles.logo} data-size={size} role={decorative ? undefined : 'img'} aria-label={decorative ? undefined : 'Tapquest'}>
      <img src={mark} alt="" className={styles.mark} />
      <span className={styles.word} aria-hidden="true">
        TAP<span className={styles.accent}>QUEST</span>
      </span>
    </span>
  );
}
