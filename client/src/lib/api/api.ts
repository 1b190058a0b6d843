import type {
  AckType,
  Asset,
  AdminUserPage,
  AdminUserSort,
  BrandCard,
  BrandHub,
  CheckinResponse,
  Credentials,
  Device,
  ErrorBody,
  LoginHistory,
  Notice,
  NoticeCount,
  OwnedAward,
  ProfileUpdate,
  PublicProfile,
  PushSubscriptionBody,
  Quest,
  TokenResponse,
  UserProfile,
} from '@tapquest/shared';
import { LONG_POLL_DEFAULT_SECONDS, NOTICE_FETCH_LIMIT } from '@tapquest/shared';
import { API_HOST, apiUrl, isErrorBody, request, type ApiResponse } from './request';

// Every call of SPEC section 7, plus the ones our server adds (brand membership and follow, quests,
// asset URLs). One function per call; `token` is the bearer jwt where the call needs one.
// Shapes the spec leaves open are typed here and listed in client/README.md until shared/ has them.

export type Token = string | null | undefined;

export interface UsernameAvailability {
  username: string;
  available: boolean;
}

export interface DeviceClaimed {
  device: Device;
}

export interface VapidPublicKey {
  publicKey: string;
}

export interface BrandMembership {
  isMember: boolean;
  members: number;
}

export interface BrandFollow {
  isFollowing: boolean;
}

export type QuestFilter = 'all' | 'active' | 'completed' | 'upcoming' | 'rewards';
export type FederatedProvider = 'apple' | 'google';
export type ImageSlot = 'picture' | 'banner';

// Accounts and sign-in

/** POST /user. Unlike every other call it answers with the parsed body, the error body included. */
export async function signUp(credentials: Credentials): Promise<TokenResponse | ErrorBody> {
  const res = await request<TokenResponse>('POST', '/user', { json: credentials });
  const body: unknown = await res.json().catch(() => null);
  if (res.ok && body && typeof (body as TokenResponse).token === 'string') return body as TokenResponse;
  return isErrorBody(body) ? body : { messages: [{ message: `Sign-up failed (HTTP ${res.status})` }] };
}

export function logIn(credentials: Credentials): Promise<ApiResponse<TokenResponse>> {
  return request('POST', '/user/login', { json: credentials });
}

export function checkIn(token: Token): Promise<ApiResponse<CheckinResponse>> {
  return request('POST', '/user/checkin', { token });
}

export function checkUsernameAvailability(username: string, token: Token): Promise<ApiResponse<UsernameAvailability>> {
  return request('GET', '/username', { token, query: { username } });
}

export function saveUsername(username: string, token: Token): Promise<ApiResponse<UserProfile>> {
  return request('PUT', '/my/username', { token, json: { username } });
}

/** Where the browser goes for a provider-side sign-in; it comes back with ?jwt= (or ?error=). */
export function federatedSignInUrl(provider: FederatedProvider): string {
  return apiUrl(`/oauth/federated/${provider}`);
}

/**
 * Asks the sign-in address without following its redirect: a configured provider answers with a
 * redirect (an opaque response here), an unconfigured one with an error body worth showing.
 */
export function probeFederatedSignIn(provider: FederatedProvider): Promise<Response> {
  return fetch(federatedSignInUrl(provider), { redirect: 'manual', credentials: 'include', headers: { Accept: 'application/json' } });
}

// Profile

export function getMyProfile(token: Token): Promise<ApiResponse<UserProfile>> {
  return request('GET', '/my/profile', { token });
}

export function updateMyProfile(update: ProfileUpdate, token: Token): Promise<ApiResponse<UserProfile>> {
  return request('PATCH', '/my/profile', { token, json: update });
}

/** PUT /my/profile/picture or /my/profile/banner, multipart with the image in field `file`. */
export function uploadProfileImage(slot: ImageSlot, file: File, token: Token): Promise<ApiResponse<UserProfile>> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('filename', file.name);
  return request('PUT', `/my/profile/${slot}`, { token, form });
}

export function getPublicProfile(username: string): Promise<ApiResponse<PublicProfile>> {
  return request('GET', `/profiles/${encodeURIComponent(username)}`);
}

export function getLoginHistory(token: Token): Promise<ApiResponse<LoginHistory>> {
  return request('GET', '/my/login/history', { token });
}

// Awards

export function getMyBadges(token: Token): Promise<ApiResponse<OwnedAward[]>> {
  return request('GET', '/my/badges', { token });
}

export function getMyFlairs(token: Token): Promise<ApiResponse<OwnedAward[]>> {
  return request('GET', '/my/flairs', { token });
}

export function setMyBadges(badgeIDs: string[], token: Token): Promise<ApiResponse<UserProfile>> {
  return request('PUT', '/my/badges', { token, json: { badgeIDs } });
}

export function setMyFlair(flairID: string | null, token: Token): Promise<ApiResponse<UserProfile>> {
  return request('PUT', '/my/flair', { token, json: { flairID } });
}

// Gear

export function getMyDevices(token: Token): Promise<ApiResponse<Device[]>> {
  return request('GET', '/my/devices', { token });
}

/** GET /my/assets: gear, flairs and badges as the asset details modal shows them. */
export function getMyAssets(token: Token): Promise<ApiResponse<Asset[]>> {
  return request('GET', '/my/assets', { token });
}

export function getDevicesOf(username: string): Promise<ApiResponse<Device[]>> {
  return request('GET', `/devices/${encodeURIComponent(username)}`);
}

/** POST /device/claim for the gear a tap left in session storage; cookies go along (credentials included). */
export function claimDevice(deviceToken: string, token: Token): Promise<ApiResponse<DeviceClaimed>> {
  return request('POST', '/device/claim', { token, json: { deviceToken }, credentials: 'include' });
}

/** PATCH /events/{id}: ties an anonymous tap event to this browser (uuid) or, with a token, to the user. */
export function upgradeEvent(eventId: string, uuid: string | undefined, token: Token): Promise<Response> {
  return request('PATCH', `/events/${encodeURIComponent(eventId)}`, { token, json: uuid ? { uuid } : {} });
}

// Notices

export function getMyNotices(token: Token, hist: number = NOTICE_FETCH_LIMIT): Promise<ApiResponse<Notice[]>> {
  return request('GET', '/my/notices', { token, query: { hist } });
}

export function getMyNoticeCount(token: Token): Promise<ApiResponse<NoticeCount>> {
  return request('GET', '/my/notices/count', { token });
}

export interface NoticePoll {
  /** Notices newer than where the poll started, newest first; empty when the wait ran out. */
  notices: Notice[];
}

/**
 * One round of the long poll; the caller loops and aborts through `signal`. `after` (a notice_id)
 * starts the wait after that notice rather than after the newest one the server last handed out.
 */
export function pollMyNotices(
  token: Token,
  options: { duration?: number; after?: string | null; signal?: AbortSignal } = {},
): Promise<ApiResponse<NoticePoll>> {
  const duration = Number.isFinite(options.duration) ? options.duration : LONG_POLL_DEFAULT_SECONDS;
  return request('GET', '/my/notices/poll', { token, query: { duration, after: options.after ?? undefined }, signal: options.signal });
}

export function acknowledgeNotice(noticeId: string, ackType: Exclude<AckType, ''>, token: Token): Promise<ApiResponse<Notice>> {
  return request('PATCH', `/notices/${encodeURIComponent(noticeId)}`, { token, json: { ack_type: ackType } });
}

// Brands and quests

export function getMyBrands(token: Token): Promise<ApiResponse<BrandCard[]>> {
  return request('GET', '/my/brands/pwa', { token });
}

export function getMyBrand(brandId: string, token: Token): Promise<ApiResponse<BrandHub>> {
  return request('GET', `/my/brands/${encodeURIComponent(brandId)}`, { token });
}

export function joinBrand(brandId: string, token: Token): Promise<ApiResponse<BrandMembership>> {
  return request('POST', `/my/brands/${encodeURIComponent(brandId)}/membership`, { token });
}

export function leaveBrand(brandId: string, token: Token): Promise<ApiResponse<BrandMembership>> {
  return request('DELETE', `/my/brands/${encodeURIComponent(brandId)}/membership`, { token });
}

export function followBrand(brandId: string, token: Token): Promise<ApiResponse<BrandFollow>> {
  return request('POST', `/my/brands/${encodeURIComponent(brandId)}/follow`, { token });
}

export function unfollowBrand(brandId: string, token: Token): Promise<ApiResponse<BrandFollow>> {
  return request('DELETE', `/my/brands/${encodeURIComponent(brandId)}/follow`, { token });
}

export function getMyQuests(filter: QuestFilter, token: Token): Promise<ApiResponse<Quest[]>> {
  return request('GET', '/my/quests', { token, query: { filter } });
}

export function getMyQuest(questId: string, token: Token): Promise<ApiResponse<Quest>> {
  return request('GET', `/my/quests/${encodeURIComponent(questId)}`, { token });
}

/** Image addresses from the API: absolute ones as they are, bare names under {host}/assets/. */
export function assetUrl(src: string): string {
  if (/^(https?:|data:|blob:|\/)/.test(src)) return src;
  return `${API_HOST}/assets/${src}`;
}

// Admin and push

export function resetProfile(token: Token): Promise<Response> {
  return request('GET', '/admin/reset', { token });
}

/** GET /admin/users: one page of every user, ranked by XP whatever the sort. Admins only. */
export function getAdminUsers(query: { sort: AdminUserSort; page: number; pageSize: number }, token: Token): Promise<ApiResponse<AdminUserPage>> {
  return request('GET', '/admin/users', { token, query });
}

/** GET /admin/users.csv: every user as a CSV attachment; the caller saves the body. Admins only. */
export function exportAdminUsers(token: Token): Promise<Response> {
  return request('GET', '/admin/users.csv', { token });
}

export function getVapidPublicKey(): Promise<ApiResponse<VapidPublicKey>> {
  return request('GET', '/push/vapidPublicKey');
}

export function registerPush(subscription: PushSubscriptionBody, token: Token): Promise<Response> {
  return request('POST', '/push/register', { token, json: subscription });
}
