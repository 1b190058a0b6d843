import { useEffect, useState } from 'react';
import styles from './rewards.module.css';

const COUNT_MS = 900;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** The XP animation after a claim: '+N XP' counting up with a burst; at once under reduced motion. */
export function XpGain({ amount }: { amount: number }) {
  const [shown, setShown] = useState(() => (prefersReducedMotion() || typeof requestAnimationFrame !== 'function' ? amount : 0));
  useEffect(() => {
    if (shown === amount) return;
    let frame = 0;
    const started = performance.now();
    const step = (time: number) => {
      const t = Math.min(1, (time - started) / COUNT_MS);
      // Ease out: fast at first, settling on the amount.
      setShown(Math.round(amount * (1 - (1 - t) ** 3)));
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
    // Runs once per amount; `shown` only decides whether there is anything to animate at all.
  }, [amount]);

  return (
    <div className={styles.gain} data-testid="xp-gain">
      <span className={styles.burst} aria-hidden="true" />
      <span className={styles.gainValue} aria-hidden="true">
        +{shown} <span className={styles.gainUnit}>XP</span>
      </span>
      <span className="visually-hidden" role="status">
        +{amount} XP
      </span>
    </div>
  );
}
