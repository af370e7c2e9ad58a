import { useUserList } from '../../api/users-queries.js';

/**
 * The number of accounts the Team Plan charges for (spec section 9: next payment is the unit amount
 * times the number of accounts): the organisation's users, from the users list's total.
 */
export function useAccountCount(): { count: number | undefined; loading: boolean } {
  const users = useUserList({});
  return { count: users.data?.pages[0]?.total, loading: users.isPending };
}
