import type { VersionChange } from '@aquamall/shared';

/**
 * What a quotation or bid version changed from the one before (decision 0185): one line per field, old → new.
 * A first version (no changes) says so; an older version written before changes were kept says nothing.
 */
export function VersionChanges({ version, changes }: { version: number; changes: readonly VersionChange[] }) {
  if (!changes.length) {
    return version === 1 ? <p className="am-muted" style={{ margin: '0 0 8px' }}>首次提交</p> : null;
  }
  return (
    <div data-testid="version-changes" style={{ margin: '0 0 8px' }}>
      <strong>本版修改：</strong>
      <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
        {changes.map((c) => (
          <li key={c.field}>
            {c.field}：<del style={{ color: '#8c8c8c' }}>{c.from}</del> → <span style={{ color: '#cf1322' }}>{c.to}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
