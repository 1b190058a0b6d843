import { Button } from '../../../ui/button/button';
import { TapIcon } from '../../../ui/icons/icons';
import styles from '../signup.module.css';

const STEPS = [
  { title: 'Find the tag', text: 'Look for the Tapquest mark on your jacket, pack or wristband.' },
  { title: 'Tap it', text: 'Hold the top of your unlocked phone against the mark for a second.' },
  { title: 'Claim it', text: 'Open the link that pops up and the gear lands on your profile.' },
];

/** Step 4: how to claim gear by tapping its NFC tag. */
export function ClaimGearStep({ onFinish }: { onFinish: () => void }) {
  return (
    <div className={styles.form}>
      <div className={styles.tapArt} aria-hidden="true">
        <span className={styles.tapRipple} />
        <span className={styles.tapRipple} />
        <TapIcon />
      </div>
      <ol className={styles.instructions}>
        {STEPS.map((step, i) => (
          <li key={step.title} className={styles.instruction}>
            <span className={styles.instructionNumber} aria-hidden="true">
              {i + 1}
            </span>
            <div>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <Button fullWidth onClick={onFinish}>
        Finish
      </Button>
    </div>
  );
}
