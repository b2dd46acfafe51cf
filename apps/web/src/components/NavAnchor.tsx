import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface NavAnchorProps {
  href: string | null | undefined;
  target?: string | null;
  className?: string;
  title?: string;
  children: ReactNode;
}

/** A menu link from site data: in-app paths route without reloading, other URLs are plain anchors. */
export function NavAnchor({ href, target, className, title, children }: NavAnchorProps) {
  const url = href?.trim() ?? '';
  const blank = target === '_blank';
  if (!url) return <span className={className}>{children}</span>;
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/f/')) {
    return (
      <Link to={url} className={className} title={title} target={blank ? '_blank' : undefined}>
        {children}
      </Link>
    );
  }
  return (
    <a href={url} className={className} title={title} target={blank ? '_blank' : undefined} rel={blank ? 'noopener noreferrer' : undefined}>
      {children}
    </a>
  );
}
