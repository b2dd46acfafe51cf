/** Business constants and limits (docs/product/interface.md#constants). */
export const REQUEST_TIMEOUT_MS = 30_000;
export const PAGE_LOAD_TIMEOUT_S = 120;
export const SEARCH_KEYWORD_MAX = 40;
export const HOT_KEYWORDS = ['碳源', '聚合氯化铝', '聚合硫酸铁', '除磷剂', '除氧剂'] as const;
export const CATEGORY_TOP_SHOWN = 9;
export const CATEGORY_LEVELS = 3;
export const WORKBENCH_SIDER_WIDTH = 216;
export const SCROLL_FIX_THRESHOLD_PX = 40;
export const SCROLL_FIX_THROTTLE_MS = 100;
export const OLD_BROWSER_IE_MAX = 10;
export const UPLOAD_MAX_MB = 10;
export const UPLOAD_MAX_IMAGES = 5;
export const UPLOAD_TYPES = ['jpg', 'jpeg', 'png'] as const;
export const THUMB_WIDTH = 120;
export const PREVIEW_WIDTH = 1080;
export const IMAGE_WIDTHS = [THUMB_WIDTH, PREVIEW_WIDTH] as const;
export const ACCOUNT_MAX = 40;
export const PASSWORD_MAX = 20;
export const PASSWORD_MIN = 8;
export const CAPTCHA_LENGTH = 4;
export const SMS_CODE_LENGTH = 6;
/** A mainland mobile number (docs/product/interface.md#input-rules): the one pattern for every phone field. */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
export const SMS_RESEND_S = 60;
export const QR_SIZE = 150;
export const PENALTY_LEAK_YUAN = 100_000;
export const PENALTY_FALSE_DOCS_YUAN = 10_000;
export const TERMINATION_NOTICE_MONTHS = 1;
export const FORCE_MAJEURE_EVIDENCE_DAYS = 15;
export const FORCE_MAJEURE_TERMINATION_DAYS = 30;
export const CONTACT_CHANGE_DAYS = 10;
export const PRIVACY_REPLY_DAYS = 10;
export const CONTACT_REPLY_DAYS = 30;
export const CONTACT_ARTICLE_ID = 95;
export const EMPTY_TEXT = '无';
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Menu and control keys used by the site data calls (docs/product/api-envelope.md#site-and-mall-calls). */
export const MENU_KEYS = ['web_top_menu', 'home_top_menu'] as const;
export type MenuKey = (typeof MENU_KEYS)[number];
export const FOOTER_KEYS = ['web_bottom_menu', 'web_comproblem_menu'] as const;

/**
 * Set on a list export's file answer when the list was longer than the export's row limit (the value): the file
 * holds the first rows only, and the client says so.
 */
export const EXPORT_LIMIT_HEADER = 'x-export-limit';
