import { useState } from 'react';
import type { Device } from '@tapquest/shared';
import { assetUrl } from '../../lib/api';
import { Modal } from '../../ui/modal/modal';
import { PlusIcon, TapIcon } from '../../ui/icons/icons';
import { ProgressIndicator } from '../../ui/progress-indicator/progress-indicator';
import { editionText } from './asset';
import styles from './profile.module.css';
import { Callout } from '../../ui/callout/callout';

export interface GearTabProps {
  devices: Device[] | undefined;
  failed: boolean;
  /** Own profile: the 'Add Gear' card. */
  canAdd: boolean;
  onOpen: (device: Device) => void;
}

/** The Gear tab: a card per claimed item, and on the own profile an 'Add Gear' card that explains tapping. */
export function GearTab({ devices, failed, canAdd, onOpen }: GearTabProps) {
  const [explaining, setExplaining] = useState(false);
  if (failed) return <Callout tone="error">Gear could not be loaded. Please try again later.</Callout>;
  if (!devices) return <ProgressIndicator state="indeterminate" label="Loading gear" />;
  if (devices.length === 0 && !canAdd) return <Callout>No gear yet.</Callout>;
  return (
    <>
      <ul className={styles.gearGrid} aria-label="Gear">
        {devices.map((device) => (
          <li key={device.id}>
            <button type="button" className={styles.gearCard} onClick={() => onOpen(device)}>
              <img className={styles.gearImage} src={assetUrl(device.image)} alt="" loading="lazy" decoding="async" />
              <span className={styles.gearName}>{device.name}</span>
              <span className={styles.gearEdition}>{editionText(device)}</span>
              <span className={styles.gearBrand}>
                <img src={assetUrl(device.organization.brand_logo_small)} alt="" loading="lazy" decoding="async" />
                {device.organization.name}
              </span>
            </button>
          </li>
        ))}
        {canAdd && (
          <li>
            <button type="button" className={styles.addGear} onClick={() => setExplaining(true)}>
              <span className={styles.addGearIcon}>
                <PlusIcon />
              </span>
              <span className={styles.gearName}>Add Gear</span>
              <span className={styles.gearEdition}>Tap your tag to claim it</span>
            </button>
          </li>
        )}
      </ul>
      <Modal
        open={explaining}
        onClose={() => setExplaining(false)}
        title="Add Gear"
        media={
          <span className={styles.tapBadge} aria-hidden="true">
            <TapIcon />
          </span>
        }
        description="Every piece of Tapquest gear carries an NFC tag. Unlock your phone and hold its top edge against the tag: Tapquest opens, and the gear is added to your profile."
        actions={[{ label: 'Got it', onClick: () => setExplaining(false) }]}
      >
        <ol className={styles.steps}>
          <li>Find the tag (look for the Tapquest mark on your gear).</li>
          <li>Hold the top of your phone against it for a second.</li>
          <li>Sign in if asked: the gear shows up here.</li>
        </ol>
      </Modal>
    </>
  );
}
