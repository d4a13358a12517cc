// Business constants and limits shared by the console and the platform.
export const SERVICE_BASE_PATH = '/sms-service-api';
export const CONSOLE_BASE_PATH = '/sms-cloud';
/** The signed API customers' own systems call (HMAC over each request, no login). */
export const INTEGRATOR_BASE_PATH = `${CONSOLE_BASE_PATH}/openapi/v1`;
export const TOKEN_COOKIE = 'Authorization';
export const TOKEN_LIFETIME_S = 3600;
export const TOKEN_REFRESH_CHECK_MS = 10_000;
export const HTTP_TIMEOUT_MS = 60_000;
export const LONG_HTTP_TIMEOUT_MS = 600_000;
export const STATUS_WHITE_LIST = [400] as const;
export const SMS_CODE_RESEND_S = 60;
export const CAPTCHA_LENGTH = 4;
export const SMS_CODE_LENGTH = 6;
export const LOGIN_PASSWORD_MIN = 6;
export const SUB_ACCOUNT_PASSWORD_MIN = 6;
export const SUB_ACCOUNT_PASSWORD_MAX = 10;
export const SUB_ACCOUNT_ID_MIN = 6;
export const SUB_ACCOUNT_ID_MAX = 10;
export const EXTENSION_MAX_DIGITS = 13;
export const PHONE_DIGITS = 11;
export const UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
/** Data rows one address-book import takes, as a number check takes numbers: a larger sheet is refused whole. */
export const MEMBER_IMPORT_MAX_ROWS = 100_000;
export const UPLOAD_EXTENSIONS = ['xls', 'xlsx'] as const;
export const SEGMENT_GSM_SINGLE = 160;
export const SEGMENT_GSM_MULTI = 153;
export const SEGMENT_UCS2_SINGLE = 70;
export const SEGMENT_UCS2_MULTI = 67;
export const SCHEDULE_MIN_AHEAD_MS = 10 * 60_000;
export const PRODUCT_TYPES = { home: 0, international: 1, video: 2, csp: 6 } as const;
export type ProductType = (typeof PRODUCT_TYPES)[keyof typeof PRODUCT_TYPES];
/** Where a send record came from: the console, an SMPP bind or the HTTP API (mt_records.source). */
export const MT_SOURCES = ['console', 'smpp', 'http'] as const;
export type MtSource = (typeof MT_SOURCES)[number];
export const DEFAULT_THEME = 'theme-white';
export const DEFAULT_COLOR = '#409EFF';
export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';
export const FIRST_TAB = '/wel/index';
export const LOG_BADGE_CAP = 99;
export const BREAKPOINTS = [768, 992, 1200] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
