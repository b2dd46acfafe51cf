import sanitizeHtml from 'sanitize-html';
import { linkAttributes } from '../../lib/sanitize.ts';

const colour = [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i];

/** Article HTML from the console's editor, reduced to safe formatting (no scripts, handlers or foreign frames). */
export function sanitizeArticle(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'u', 's', 'sub', 'sup', 'h1', 'h2'],
    allowedAttributes: {
      a: ['href', 'name', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
      '*': ['style'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowedStyles: {
      '*': {
        color: colour,
        'background-color': colour,
        'text-align': [/^(left|right|center|justify)$/],
        'font-weight': [/^(bold|normal|\d{3})$/],
        'font-size': [/^\d+(px|em|rem|%)$/],
      },
    },
    transformTags: { a: (tagName, attribs) => ({ tagName, attribs: linkAttributes(attribs) }) },
  });
}
