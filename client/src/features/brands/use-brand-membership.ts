import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BrandHub } from '@tapquest/shared';
import { errorMessage, followBrand, joinBrand, leaveBrand, unfollowBrand } from '../../lib/api';
import { toast } from '../../ui/toast/toast';
import { brandHubKey, brandsKey } from './brand-queries';

// Join and follow (SPEC section 4, Brand membership), against the server. Both are optimistic: the
// hub changes at once, and a refused or failed call puts back only the fields it changed, so a
// follow in flight is not undone by a failed join.

class MembershipRefused extends Error {
  constructor(readonly response: Response) {
    super(`membership call refused with HTTP ${response.status}`);
  }
}

async function failureText(error: unknown): Promise<string> {
  const fallback = 'Something went wrong. Please try again.';
  return error instanceof MembershipRefused ? errorMessage(error.response, fallback) : fallback;
}

export function useBrandMembership(brandId: string, token: string | null) {
  const queryClient = useQueryClient();
  const key = brandHubKey(brandId, token);
  const update = (change: (hub: BrandHub) => BrandHub) =>
    queryClient.setQueryData<BrandHub>(key, (hub) => (hub ? change(hub) : hub));

  const membership = useMutation({
    mutationFn: async (join: boolean) => {
      const res = await (join ? joinBrand : leaveBrand)(brandId, token);
      if (!res.ok) throw new MembershipRefused(res);
      return res.json();
    },
    onMutate: async (join) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<BrandHub>(key);
      update((hub) => ({ ...hub, isMember: join, members: Math.max(0, hub.members + (join ? 1 : -1)) }));
      return { isMember: before?.isMember, members: before?.members };
    },
    onError: async (error, _join, before) => {
      if (before?.isMember !== undefined && before.members !== undefined) {
        update((hub) => ({ ...hub, isMember: before.isMember!, members: before.members! }));
      }
      toast.error(await failureText(error));
    },
    onSuccess: (answer) => {
      update((hub) => ({ ...hub, isMember: answer.isMember, members: answer.members }));
      void queryClient.invalidateQueries({ queryKey: brandsKey(token), exact: true });
    },
  });

  const follow = useMutation({
    mutationFn: async (following: boolean) => {
      const res = await (following ? followBrand : unfollowBrand)(brandId, token);
      if (!res.ok) throw new MembershipRefused(res);
      return res.json();
    },
    onMutate: async (following) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<BrandHub>(key)?.isFollowing;
      update((hub) => ({ ...hub, isFollowing: following }));
      return { isFollowing: before };
    },
    onError: async (error, _following, before) => {
      if (before?.isFollowing !== undefined) update((hub) => ({ ...hub, isFollowing: before.isFollowing! }));
      toast.error(await failureText(error));
    },
    onSuccess: (answer) => update((hub) => ({ ...hub, isFollowing: answer.isFollowing })),
  });

  return {
    setMember: (join: boolean) => membership.mutate(join),
    setFollowing: (following: boolean) => follow.mutate(following),
    membershipPending: membership.isPending,
    followPending: follow.isPending,
  };
}
