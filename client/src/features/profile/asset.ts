import type { Asset, Device, OwnedAward } from '@tapquest/shared';

// The asset details modal shows gear, flairs and badges alike (SPEC section 3, Asset). The own
// profile has GET /my/assets with the gear's description; a public profile builds the same shape
// from what it may see.

export function editionText(device: Pick<Device, 'edition'>): string {
  return `${device.edition.type} #${device.edition.claimed} of ${device.edition.run}`;
}

export function assetFromDevice(device: Device): Asset {
  return {
    id: device.id,
    type: 'gear',
    name: device.name,
    src: device.image,
    description: '',
    acquisitionDate: device.claimedAt,
    issuer: device.organization.name,
    edition: editionText(device),
  };
}

export function assetFromAward(award: OwnedAward, type: 'flair' | 'badge'): Asset {
  return {
    id: award.id,
    type,
    name: award.name,
    src: award.src,
    description: award.description,
    acquisitionDate: award.acquisitionDate,
    issuer: award.issuer,
    edition: null,
  };
}

/** 'Jun 1, 2025'; SPEC section 8: a date that cannot be read shows 'Invalid date'. */
export function formatDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid date';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
