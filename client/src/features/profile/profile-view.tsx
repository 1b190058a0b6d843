import { useState } from 'react';
import type { Asset, Device, PublicProfile } from '@tapquest/shared';
import { TabBar, type Tab } from '../../ui/tab-bar/tab-bar';
import { assetFromAward, assetFromDevice } from './asset';
import { AssetDetailsModal } from './asset-details-modal';
import { CollectionsTab } from './collections-tab';
import { EditNfcLinkModal } from './edit-nfc-link-modal';
import { GearTab } from './gear-tab';
import { ProfileDetailsSheet } from './profile-details-sheet';
import { ProfileHeader } from './profile-header';
import styles from './profile.module.css';

type TabId = 'gear' | 'collections';
const TABS: readonly Tab<TabId>[] = [
  { id: 'gear', label: 'Gear' },
  { id: 'collections', label: 'Collections' },
];

export interface ProfileViewProps {
  profile: PublicProfile;
  devices: Device[] | undefined;
  devicesFailed: boolean;
  /** The owner's view: edit controls, the 'Add Gear' card and the edit-NFC-link modal. */
  own: boolean;
  /** Own profile: richer asset details (the gear's description) by id, when loaded. */
  assets?: Asset[];
}

/** A profile, own or public: header, details sheet, Gear and Collections tabs, asset details. */
export function ProfileView({ profile, devices, devicesFailed, own, assets }: ProfileViewProps) {
  const [tab, setTab] = useState<TabId>('gear');
  const [details, setDetails] = useState(false);
  const [asset, setAsset] = useState<Asset | null>(null);
  const [editingLink, setEditingLink] = useState(false);
  const open = (fallback: Asset) => setAsset(assets?.find((a) => a.id === fallback.id && a.type === fallback.type) ?? fallback);
  const editLink = own ? () => setEditingLink(true) : undefined;

  return (
    <main className={styles.profile}>
      <ProfileHeader profile={profile} own={own} onOpenDetails={() => setDetails(true)} onEditLink={editLink} />
      <TabBar tabs={TABS} value={tab} onChange={setTab} label="Profile sections" idPrefix="profile" />
      <div className={styles.panel} role="tabpanel" id={`profile-${tab}`} aria-labelledby={`profile-tab-${tab}`}>
        {tab === 'gear' ? (
          <GearTab devices={devices} failed={devicesFailed} canAdd={own} onOpen={(d) => open(assetFromDevice(d))} />
        ) : (
          <CollectionsTab profile={profile} onOpen={(award, type) => open(assetFromAward(award, type))} />
        )}
      </div>
      <ProfileDetailsSheet open={details} onClose={() => setDetails(false)} profile={profile} devices={devices ?? []} />
      <AssetDetailsModal
        asset={asset}
        onClose={() => setAsset(null)}
        onEditLink={
          editLink &&
          (() => {
            setAsset(null);
            editLink();
          })
        }
      />
      {own && <EditNfcLinkModal open={editingLink} onClose={() => setEditingLink(false)} />}
    </main>
  );
}
