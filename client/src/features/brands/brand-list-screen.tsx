import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { BrandCard } from '@tapquest/shared';
import { assetUrl } from '../../lib/api';
import { useSession } from '../../lib/session/session-context';
import { CheckIcon, InfoIcon, LogOutIcon, MenuIcon, PlusIcon } from '../../ui/icons/icons';
import { Logo } from '../../ui/logo/logo';
import { MenuSheet } from '../../ui/menu-sheet/menu-sheet';
import { Modal } from '../../ui/modal/modal';
import { ProgressIndicator } from '../../ui/progress-indicator/progress-indicator';
import { Screen } from '../../ui/screen/screen';
import { toast } from '../../ui/toast/toast';
import { brandsQuery } from './brand-queries';
import styles from './brands.module.css';
import { Callout } from '../../ui/callout/callout';
import { IconButton } from '../../ui/icon-button/icon-button';

/** / and /brandhub: the brand communities (SPEC section 2, Brand list), the user's own first. */
export function BrandListScreen() {
  const { session, token } = useSession();
  const navigate = useNavigate();
  const brands = useQuery(brandsQuery(token));
  const [menuOpen, setMenuOpen] = useState(false);
  const [aboutOpen, setAboutOpen] = useState(false);

  function logOut() {
    session.signOut();
    navigate('/login', { replace: true });
  }

  return (
    <Screen
      title="My brands"
      lead="The communities your gear connects you to."
      actions={<IconButton label="Menu" icon={<MenuIcon />} expanded={menuOpen} onClick={() => setMenuOpen(true)} />}
    >
      {brands.isPending ? (
        <ProgressIndicator state="indeterminate" label="Loading brands" />
      ) : brands.isError ? (
        <Callout tone="error">Failed to load brands</Callout>
      ) : (
        <ul className={styles.brandList} aria-label="Brands">
          {brands.data.map((brand) => (
            <li key={brand.id}>
              <BrandTile brand={brand} />
            </li>
          ))}
          <li>
            <button type="button" className={styles.addBrand} onClick={() => toast('Adding brands is coming soon.')}>
              <span className={styles.addIcon}>
                <PlusIcon />
              </span>
              Add a Brand
            </button>
          </li>
        </ul>
      )}

      <MenuSheet
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        title="Menu"
        items={[
          { label: 'What is Tapquest?', icon: <InfoIcon />, onSelect: () => setAboutOpen(true) },
          { label: 'Log out', icon: <LogOutIcon />, onSelect: logOut },
        ]}
      />
      <Modal
        open={aboutOpen}
        onClose={() => setAboutOpen(false)}
        title="What is Tapquest?"
        media={<Logo size="md" decorative />}
        description="Tapquest connects the gear you own to the brands that make it. Tap your gear's tag with your phone to claim it, join its brand community, complete quests and earn XP, levels, flairs and badges."
        actions={[{ label: 'Got it', onClick: () => setAboutOpen(false) }]}
      />
    </Screen>
  );
}

function BrandTile({ brand }: { brand: BrandCard }) {
  return (
    <Link to={`/brandhub/${encodeURIComponent(brand.id)}`} className={styles.brandTile} data-member={brand.isMember || undefined}>
      <img className={styles.tileBanner} src={assetUrl(brand.banner)} alt="" />
      <span className={styles.tileFoot}>
        <img className={styles.tileLogo} src={assetUrl(brand.profilePicture)} alt="" />
        <span className={styles.tileText}>
          <span className={styles.tileName}>{brand.name}</span>
          <span className={styles.tileStatus}>{brand.isMember ? 'Member' : 'Not a member'}</span>
        </span>
        {brand.isMember && (
          <span className={styles.memberCheck} aria-hidden="true">
            <CheckIcon />
          </span>
        )}
      </span>
    </Link>
  );
}
