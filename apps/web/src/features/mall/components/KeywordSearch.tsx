import { useState } from 'react';
import { Input } from 'antd';
import { SEARCH_KEYWORD_MAX } from '@aquamall/shared';

/** A list's own search box (trimmed, at most 40 characters), bound to one query-string key. */
export function KeywordSearch({
  value,
  placeholder,
  onSearch,
  width = 300,
}: {
  value: string;
  placeholder: string;
  onSearch: (v: string) => void;
  width?: number;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value);
  }
  return (
    <Input.Search
      value={text}
      maxLength={SEARCH_KEYWORD_MAX}
      placeholder={placeholder}
      allowClear
      enterButton="搜索"
      style={{ width, maxWidth: '100%' }}
      onChange={(e) => setText(e.target.value)}
      onSearch={(v) => onSearch(v.trim().slice(0, SEARCH_KEYWORD_MAX))}
      aria-label={placeholder}
    />
  );
}
