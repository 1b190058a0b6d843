import { useEffect, useRef } from 'react';
import styles from './video-backdrop.module.css';

/**
 * A muted looping video behind a screen, dimmed for legibility. With reduced motion the poster
 * stands in for the video.
 */
export function VideoBackdrop({ src, poster }: { src: string; poster: string }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = video.current;
    if (!el || !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    el.autoplay = false;
    el.pause();
  }, []);
  return (
    <div className={styles.backdrop} aria-hidden="true">
      <video
        ref={video}
        className={styles.video}
        src={src}
        poster={poster}
        autoPlay
        muted
        loop
        playsInline
        preload="auto"
        disablePictureInPicture
      />
      <div className={styles.scrim} />
    </div>
  );
}
