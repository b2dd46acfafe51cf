import sanitizeHtml from 'sanitize-html';

/**
 * The attributes of a link in public rich text: a link off the site (an absolute http(s) address) opens in a new
 * tab with rel="nofollow noopener noreferrer" (no search-engine credit for links merchants paste in, no
 * window.opener, no referrer); a link inside the site keeps the tab and carries no rel or target of its own.
 */
export function linkAttributes(attribs: Record<string, string>): Record<string, string> {
  const { href } = attribs;
  const out: Record<string, string> = {};
  for (const key of ['href', 'name', 'title']) if (attribs[key] !== undefined) out[key] = attribs[key];
  if (href && /^\s*https?:/i.test(href)) Object.assign(out, { target: '_blank', rel: 'nofollow noopener noreferrer' });
  return out;
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'span',
    'font',
    'u',
    's',
    'sub',
    'sup',
    'colgroup',
    'col',
  ],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    img: ['src', 'alt', 'title', 'width', 'height'],
    a: ['href', 'name', 'title', 'target', 'rel'],
    // No `class`: our stylesheet's classes would let stored text dress up as the site's own buttons and notices.
    '*': ['style'],
    td: ['colspan', 'rowspan', 'style'],
    th: ['colspan', 'rowspan', 'style'],
  },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(bold|normal|\d{3})$/],
      'font-size': [/^\d+(px|em|rem|%)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  transformTags: { a: (tagName, attribs) => ({ tagName, attribs: linkAttributes(attribs) }) },
};

/** Rich text from the database is sanitised again on display (it is also sanitised on save). */
export function safeHtml(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, options) : '';
}
