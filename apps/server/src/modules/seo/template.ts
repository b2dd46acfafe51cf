import fs from 'node:fs';
import { htmlText } from '../../lib/html.ts';

/**
 * The web app's index.html, split once at start (decision 0152) so that a public page is five string pieces
 * joined: the file up to where the page's head tags go (its own `<title>` and description removed), the head
 * tags, the file up to the inside of `<div id="root">`, the page's server-rendered text, and the rest. React's
 * createRoot empties the root when the app first renders, so the text is there for readers without
 * JavaScript (search engines, chat-app link previews) and gone once the app runs.
 */
export class IndexTemplate {
  /** The file as built: the answer of every page that has no head tags of its own. */
  readonly plain: string;
  /** The file's own description (as text), for pages that say nothing more specific. */
  readonly defaultDescription: string;
  private readonly beforeHead: string;
  private readonly beforeRoot: string;
  private readonly rest: string;

  constructor(html: string) {
    this.plain = html;
    const description = /<meta\s+name=["']description["']\s+content="([^"]*)"\s*\/?>\s*/i.exec(html);
    this.defaultDescription = htmlText(description?.[1] ?? '');
    let s = description ? html.slice(0, description.index) + html.slice(description.index + description[0].length) : html;
    const title = /<title>[\s\S]*?<\/title>\s*/i.exec(s);
    let headAt: number;
    if (title) {
      s = s.slice(0, title.index) + s.slice(title.index + title[0].length);
      headAt = title.index;
    } else {
      const close = s.search(/<\/head>/i);
      headAt = close >= 0 ? close : 0;
    }
    const root = /<div id=["']root["'][^>]*>/i.exec(s);
    let rootAt = root ? root.index + root[0].length : s.search(/<\/body>/i);
    if (rootAt < 0) rootAt = s.length;
    if (rootAt < headAt) headAt = rootAt;
    this.beforeHead = s.slice(0, headAt);
    this.beforeRoot = s.slice(headAt, rootAt);
    this.rest = s.slice(rootAt);
  }

  static fromFile(file: string): IndexTemplate {
    return new IndexTemplate(fs.readFileSync(file, 'utf8'));
  }

  /** The page: `head` (already escaped tags) where the title was, `body` (escaped HTML) inside the root. */
  render(head: string, body: string): string {
    return this.beforeHead + head + this.beforeRoot + body + this.rest;
  }
}
