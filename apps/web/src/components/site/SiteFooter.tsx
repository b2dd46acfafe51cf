import './site-blocks.css';
import type { FooterQuestion, NavLink, SiteSettings } from '@aquamall/shared';
import { Img } from '../Img.tsx';
import { NavAnchor } from '../NavAnchor.tsx';

export interface SiteFooterProps {
  /** Footer link groups (web_bottom_menu): each group's `items` are its links. */
  links: NavLink[];
  /** Footer questions (web_comproblem_menu / SiteData.footerQuestions), shown as a band of tips above the links. */
  tips?: FooterQuestion[];
  settings?: SiteSettings;
}

/** The footer shared by the site home and the mall: tips, link groups, QR code, hotline and filing numbers. */
export function SiteFooter({ links, tips = [], settings }: SiteFooterProps) {
  const groups = links.filter((g) => g.items?.length);
  const loose = links.filter((g) => !g.items?.length);
  return (
    <footer className="am-footer">
      {tips.length ? (
        <div className="am-footer-tips">
          <div className="am-container am-footer-tips-row">
            {tips.map((t) => (
              <div className="am-footer-tip" key={t.title}>
                {t.titleImg ? <Img src={t.titleImg} alt="" width={120} className="am-footer-tip-icon" /> : <span className="am-footer-tip-dot" />}
                <div>
                  <div className="am-footer-tip-title">{t.title}</div>
                  <div className="am-footer-tip-text" title={t.items?.map((i) => `${i.title}：${i.summary}`).join('\n')}>
                    {t.items?.map((i) => i.title).join(' · ')}
                  </div>
                </div>
              </div>
            ))}
          </div>
        </div>
      ) : null}
      <div className="am-container am-footer-main">
        <div className="am-footer-groups">
          {groups.map((g) => (
            <dl key={g.title} className="am-footer-group">
              <dt>{g.title}</dt>
              {g.items.map((l) => (
                <dd key={l.title}>
                  <NavAnchor href={l.linkUrl} target={l.target}>
                    {l.title}
                  </NavAnchor>
                </dd>
              ))}
            </dl>
          ))}
        </div>
        <div className="am-footer-contact">
          {settings?.hotline ? (
            <div className="am-footer-hotline">
              <span>客服热线</span>
              <strong>{settings.hotline}</strong>
            </div>
          ) : null}
          {settings?.qrCode ? (
            <figure className="am-footer-qr" data-testid="footer-qr">
              <Img src={settings.qrCode} alt={settings.qrCodeTitle || '关注公众号'} width={120} />
              <figcaption>{settings.qrCodeTitle || '关注公众号'}</figcaption>
            </figure>
          ) : null}
        </div>
      </div>
      <div className="am-footer-bottom">
        <div className="am-container">
          {loose.length ? (
            <div className="am-footer-loose">
              {loose.map((l) => (
                <NavAnchor key={l.title} href={l.linkUrl} target={l.target}>
                  {l.title}
                </NavAnchor>
              ))}
            </div>
          ) : null}
          <div className="am-footer-legal" data-testid="footer-filing">
            <span>{settings?.copyright}</span>
            {settings?.filingNumbers.map((f) => (
              <a key={f.title} href={f.linkUrl || undefined} target="_blank" rel="noopener noreferrer">
                {f.title}
              </a>
            ))}
          </div>
        </div>
      </div>
    </footer>
  );
}
