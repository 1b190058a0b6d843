import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUserPage, AdminUserSort } from '@tapquest/shared';
import { getAdminUsers } from '../../lib/api';
import { useSession } from '../../lib/session/session-context';

/** A refusal worth telling apart: 401 (log in again), 403 (not an admin), anything else. */
export class AdminUsersError extends Error {
  constructor(readonly status: number) {
    super(`user list failed with HTTP ${status}`);
  }
}

export interface AdminUsersRequest {
  sort: AdminUserSort;
  page: number;
  pageSize: number;
}

/** One page of the ranked user list. The previous page stays on screen while the next loads. */
export function useAdminUsers(request: AdminUsersRequest) {
  const { token } = useSession();
  return useQuery<AdminUserPage, Error>({
    queryKey: ['admin', 'users', token, request.sort, request.page, request.pageSize],
    queryFn: async () => {
      const res = await getAdminUsers(request, token);
      if (!res.ok) throw new AdminUsersError(res.status);
      return res.json();
    },
    placeholderData: keepPreviousData,
    // A refusal will not change on a second try; a network blip might.
    retry: (count, error) => !(error instanceof AdminUsersError && error.status < 500) && count < 1,
  });
}
