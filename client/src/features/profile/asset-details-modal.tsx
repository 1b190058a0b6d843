import type { Asset } from '@tapquest/shared';
import { assetUrl } from '../../lib/api';
import { Modal, type ModalAction } from '../../ui/modal/modal';
import { formatDate } from './asset';
import styles from './profile.module.css';

const TYPE_LABEL: Record<Asset['type'], string> = { gear: 'Gear', flair: 'Flair', badge: 'Badge' };

export interface AssetDetailsModalProps {
  asset: Asset | null;
  onClose: () => void;
  /** Own gear: opens the edit-NFC-link modal. */
  onEditLink?: () => void;
}

/** What a piece of gear, a flair or a badge is, where it came from and when (SPEC section 3, Asset). */
export function AssetDetailsModal({ asset, onClose, onEditLink }: AssetDetailsModalProps) {
  const close: ModalAction = { label: 'Close', onClick: onClose, variant: 'primary' };
  const actions: readonly [ModalAction] | readonly [ModalAction, ModalAction] =
    asset?.type === 'gear' && onEditLink ? [{ label: 'Edit NFC link', onClick: onEditLink, variant: 'secondary' }, close] : [close];
  return (
    <Modal
      open={asset !== null}
      onClose={onClose}
      title={asset?.name ?? ''}
      media={asset && <img className={styles.assetImage} data-type={asset.type} src={assetUrl(asset.src)} alt="" />}
      description={asset?.description || undefined}
      actions={actions}
    >
      {asset && (
        <dl className={styles.assetFacts}>
          <div>
            <dt>Type</dt>
            <dd>{TYPE_LABEL[asset.type]}</dd>
          </div>
          {asset.issuer && (
            <div>
              <dt>Issuer</dt>
              <dd>{asset.issuer}</dd>
            </div>
          )}
          {asset.edition && (
            <div>
              <dt>Edition</dt>
              <dd>{asset.edition}</dd>
            </div>
          )}
          {asset.acquisitionDate && (
            <div>
              <dt>Acquired</dt>
              <dd>{formatDate(asset.acquisitionDate)}</dd>
            </div>
          )}
        </dl>
      )}
    </Modal>
  );
}
