import { useState } from 'react';
import { DownOutlined } from '@ant-design/icons';
import type { SearchTarget } from './search-targets.ts';

/**
 * The search target dropdown: opens on hover or click, closes on pick, on leave or with Escape. A light list rather than a
 * full select widget keeps the mall's first load small.
 */
export function TargetPicker({ targets, value, onChange }: { targets: SearchTarget[]; value: SearchTarget; onChange: (key: SearchTarget['key']) => void }) {
  const [open, setOpen] = useState(false);
  const single = targets.length < 2;
  return (
    <div className={`am-target${open ? ' is-open' : ''}`} onMouseLeave={() => setOpen(false)} data-testid="search-target">
      <button
        type="button"
        className="am-target-current"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={`搜索类型：${value.label}`}
        disabled={single}
        // Hover already opens it; a click (touch screens) must not close it again.
        onClick={() => setOpen(true)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        onMouseEnter={() => !single && setOpen(true)}
      >
        {value.label}
        {single ? null : <DownOutlined />}
      </button>
      {open ? (
        <ul className="am-target-list" role="listbox" aria-label="搜索类型">
          {targets.map((t) => (
            <li
              key={t.key}
              role="option"
              aria-selected={t.key === value.key}
              className={t.key === value.key ? 'is-selected' : undefined}
              onClick={() => {
                onChange(t.key);
                setOpen(false);
              }}
            >
              {t.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
