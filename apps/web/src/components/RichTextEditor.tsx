import { useEffect, useRef } from 'react';
import { Button, Space, Tooltip } from 'antd';

const TOOLS: [cmd: string, label: string, arg?: string][] = [
  ['bold', '加粗'],
  ['italic', '斜体'],
  ['underline', '下划线'],
  ['formatBlock', '标题', 'h2'],
  ['formatBlock', '正文', 'p'],
  ['insertUnorderedList', '列表'],
  ['insertOrderedList', '编号'],
  ['justifyCenter', '居中'],
  ['removeFormat', '清除格式'],
];

/**
 * A light rich-text editor: a contentEditable area with a small toolbar. The server sanitises the HTML on
 * save, so whatever is pasted here cannot carry scripts onto the site.
 */
export function RichTextEditor({ value, onChange }: { value?: string; onChange?: (html: string) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.innerHTML !== (value ?? '')) ref.current.innerHTML = value ?? '';
  }, [value]);
  const run = (cmd: string, arg?: string) => {
    ref.current?.focus();
    document.execCommand(cmd, false, arg);
    onChange?.(ref.current?.innerHTML ?? '');
  };
  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Space wrap size={4} style={{ padding: 6, borderBottom: '1px solid #f0f0f0' }}>
        {TOOLS.map(([cmd, label, arg]) => (
          <Button key={label} size="small" onMouseDown={(e) => e.preventDefault()} onClick={() => run(cmd, arg)}>
            {label}
          </Button>
        ))}
        <Tooltip title="插入链接">
          <Button size="small" onMouseDown={(e) => e.preventDefault()} onClick={() => { const url = window.prompt('链接地址'); if (url) run('createLink', url); }}>
            链接
          </Button>
        </Tooltip>
        <Tooltip title="插入已上传图片的地址">
          <Button size="small" onMouseDown={(e) => e.preventDefault()} onClick={() => { const url = window.prompt('图片地址（如 /f/uploads/...）'); if (url) run('insertImage', url); }}>
            图片
          </Button>
        </Tooltip>
      </Space>
      <div
        ref={ref}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-label="正文"
        aria-multiline
        style={{ minHeight: 280, padding: 12, outline: 'none', overflowY: 'auto', maxHeight: 480 }}
        onInput={(e) => onChange?.(e.currentTarget.innerHTML)}
      />
    </div>
  );
}
