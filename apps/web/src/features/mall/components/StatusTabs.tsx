/** Status filter buttons (全部 + options) bound to a query-string value. */
export function StatusTabs({
  value,
  options,
  onChange,
}: {
  value: string;
  options: { value: string; label: string }[];
  onChange: (v: string) => void;
}) {
  return (
    <div className="am-sortbar-items am-status-tabs" role="group" aria-label="状态">
      {[{ value: '', label: '全部' }, ...options].map((o) => (
        <button
          key={o.value}
          type="button"
          className={value === o.value ? 'is-active' : ''}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
