// Business constants of SPEC section 9. Server validation and client forms both read these.
export const NOTICE_FETCH_LIMIT = 10;
export const NOTICE_FETCH_MAX = 100;
export const NOTICE_POLL_INTERVAL_MS = 5000;
export const LONG_POLL_DEFAULT_SECONDS = 60;
export const LONG_POLL_MAX_SECONDS = 60;

export const BIO_MAX = 300;
export const USERNAME_MIN = 6;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const UPLOAD_MAX_BYTES = 10485760;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png'] as const;
export const UPLOAD_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const PICKER_CELLS = 12;
export const BADGE_SLOTS = 3;
export const TAB_MIN = 2;
export const TAB_MAX = 4;
export const CAROUSEL_VISIBLE = 10;

export const TOAST_MAX = 20;
export const TOAST_ERROR_MS = 4000;
export const TOAST_BLANK_MS = 4000;
export const TOAST_SUCCESS_MS = 2000;

export const USERNAME_DEBOUNCE_MS = 300;
export const XP_BAR_DELAY_MS = 500;

export const EVENT_COOKIE_PREFIX = 'tq_evt_';
export const EVENT_COOKIE_DAYS = 7;
export const INSTALL_PROMPT_CLICKS = 5;
export const PUSH_PROMPT_CLICKS = 20;
export const SHEET_SWIPE_CLOSE_PX = 100;

export const DEFAULT_UPCOMING_GEAR_RULE = '1 of 2';
export const PROFILE_TEXT_MAX = 200;
export const URL_MAX = 2048;
